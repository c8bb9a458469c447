"""Issue 32: the perceptron both learned models share (``bot.ai.perceptron``) — the forward pass the belief
and the distilled ``basic`` play with, and the Adam steps both trainings take."""

from __future__ import annotations

import numpy as np

from bot.ai.perceptron import Adam, forward


def test_issue32_forward_is_relu_between_layers_not_after_the_last():
    w1, b1 = np.array([[1.0, -1.0]]), np.array([0.0, 0.0])
    w2, b2 = np.array([[1.0], [1.0]]), np.array([-5.0])
    x = np.array([[2.0], [-3.0]])
    # hidden: relu([2, -2]) = [2, 0]; relu([-3, 3]) = [0, 3]; out 2 - 5, 3 - 5: negative, kept (no ReLU last)
    assert np.array_equal(forward([(w1, b1), (w2, b2)], x), np.array([[-3.0], [-2.0]]))
    assert np.array_equal(forward([(w1, b1)], x), x @ w1)


def test_issue32_adam_steps_down_a_quadratic_in_place_and_in_the_parameters_dtype():
    p64, p32 = np.array([3.0, -2.0]), np.array([1.0], np.float32)
    adam = Adam([p64, p32])
    before = (p64.copy(), p32.copy())
    for _ in range(2000):
        adam.step([p64, p32], [2 * p64, 2 * p32], 0.05)
    assert p32.dtype == np.float32 and adam.t == 2000
    assert np.abs(p64).max() < 0.05 and abs(float(p32[0])) < 0.05
    assert not np.array_equal(before[0], p64)
