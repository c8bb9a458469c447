"""The perceptrons of the AI's learned models, in pure numpy: the forward pass both models play with
(the belief, ``belief``, and the distilled overrides, ``distil``) and the Adam steps both trainings take
(``train``, ``distil_train``) — one piece of code for each, whatever the model's loss."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.floating]
Layers = Sequence[tuple[Array, Array]]


def forward(layers: Layers, x: Array) -> Array:
    """``x`` through ``layers`` (weights, bias), a ReLU after each but the last."""
    for i, (w, b) in enumerate(layers):
        x = x @ w + b
        if i < len(layers) - 1:
            x = np.maximum(x, 0.0)
    return x


class Adam:
    """Adam's moments for a list of parameters, updated in place by ``step``."""

    B1 = 0.9
    B2 = 0.999

    def __init__(self, params: Sequence[Array]) -> None:
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, params: Sequence[Array], grads: Sequence[Array], lr: float) -> None:
        """One step of size ``lr`` down ``grads``, each parameter changed in place (in its own dtype)."""
        self.t += 1
        b1, b2 = self.B1, self.B2
        for k, (p, g) in enumerate(zip(params, grads, strict=True)):
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            mh = self.m[k] / (1 - b1 ** self.t)
            vh = self.v[k] / (1 - b2 ** self.t)
            p -= (lr * mh / (np.sqrt(vh) + 1e-8)).astype(p.dtype)
