#!/usr/bin/env python3
"""Reference fixtures for Opta's solver conformance tests.

Runs torch.optim, scipy.optimize and pycma on Opta's built-in test functions
and writes small JSON files beside this script:

    first-order.json   torch.optim SGD / momentum / Nesterov / Adagrad / RMSprop / Adam trajectories
    lbfgs.json         scipy L-BFGS-B and torch.optim.LBFGS iteration counts to ||grad|| < 1e-8
    nelder-mead.json   scipy Nelder-Mead best-vertex sequences
    cmaes.json         pycma evaluations to f - f* < 1e-8 over seeds 1..20, plus pycma's constants
    annealing.json     scipy dual_annealing best f - f* over seeds 1..10

Run from this folder with a venv that has numpy, scipy, cma and torch
(see README.md):  /work/venv-ref/bin/python generate.py

Deterministic: every random generator is seeded, nothing depends on time.

The test functions below are transcriptions of
Sources/OptaCore/Functions/BuiltinFunction+Value.swift and +Gradient.swift with
the same operation order and parenthesisation, using Python's `math` (glibc
libm, as Swift's RealModule on Linux) so that values and gradients are the
same bits as Opta's.
"""

import json
import math
import os
import platform
import statistics
import sys
import warnings

# torch's portable (non-SIMD) CPU kernels: the AVX2/AVX512 kernels fuse a*b+c into
# an FMA in add(alpha=), addcmul and lerp, which makes the trajectories depend on the
# CPU. Must be set before torch is imported. See README.md.
os.environ.setdefault("ATEN_CPU_CAPABILITY", "default")

import numpy as np
import scipy
import scipy.optimize
import cma
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
PI = math.pi

# ---------------------------------------------------------------------------
# Test functions (value, gradient) -- same arithmetic as Opta's Swift code.
# ---------------------------------------------------------------------------


def rosenbrock(x, y):
    a = 1 - x
    b = y - x * x
    return a * a + 100 * b * b


def rosenbrock_g(x, y):
    b = y - x * x
    return (-2 * (1 - x) - 400 * x * b, 200 * b)


def himmelblau(x, y):
    a = x * x + y - 11
    b = x + y * y - 7
    return a * a + b * b


def himmelblau_g(x, y):
    a = x * x + y - 11
    b = x + y * y - 7
    return (4 * x * a + 2 * b, 2 * a + 4 * y * b)


def rastrigin(x, y):
    w = 2 * PI
    return 20 + x * x - 10 * math.cos(w * x) + y * y - 10 * math.cos(w * y)


def rastrigin_g(x, y):
    w = 2 * PI
    return (2 * x + 10 * w * math.sin(w * x), 2 * y + 10 * w * math.sin(w * y))


def beale(x, y):
    a = 1.5 - x + x * y
    b = 2.25 - x + x * y * y
    c = 2.625 - x + x * y * y * y
    return a * a + b * b + c * c


def beale_g(x, y):
    a = 1.5 - x + x * y
    b = 2.25 - x + x * y * y
    c = 2.625 - x + x * y * y * y
    gx = 2 * a * (y - 1) + 2 * b * (y * y - 1) + 2 * c * (y * y * y - 1)
    gy = 2 * a * x + 2 * b * (2 * x * y) + 2 * c * (3 * x * y * y)
    return (gx, gy)


def booth(x, y):
    a = x + 2 * y - 7
    b = 2 * x + y - 5
    return a * a + b * b


def booth_g(x, y):
    a = x + 2 * y - 7
    b = 2 * x + y - 5
    return (2 * a + 4 * b, 4 * a + 2 * b)


def goldstein_price(x, y):
    s = x + y + 1
    t = 2 * x - 3 * y
    p = 19 - 14 * x + 3 * x * x - 14 * y + 6 * x * y + 3 * y * y
    q = 18 - 32 * x + 12 * x * x + 48 * y - 36 * x * y + 27 * y * y
    return (1 + s * s * p) * (30 + t * t * q)


def goldstein_price_g(x, y):
    s = x + y + 1
    t = 2 * x - 3 * y
    p = 19 - 14 * x + 3 * x * x - 14 * y + 6 * x * y + 3 * y * y
    q = 18 - 32 * x + 12 * x * x + 48 * y - 36 * x * y + 27 * y * y
    a = 1 + s * s * p
    b = 30 + t * t * q
    dp = -14 + 6 * x + 6 * y
    da = 2 * s * p + s * s * dp
    dbx = 4 * t * q + t * t * (-32 + 24 * x - 36 * y)
    dby = -6 * t * q + t * t * (48 - 36 * x + 54 * y)
    return (da * b + a * dbx, da * b + a * dby)


def six_hump_camel(x, y):
    x2 = x * x
    y2 = y * y
    return (4 - 2.1 * x2 + x2 * x2 / 3) * x2 + x * y + (-4 + 4 * y2) * y2


def six_hump_camel_g(x, y):
    x2 = x * x
    return (8 * x - 8.4 * x2 * x + 2 * x2 * x2 * x + y, x - 8 * y + 16 * y * y * y)


def styblinski_tang(x, y):
    x2 = x * x
    y2 = y * y
    return 0.5 * (x2 * x2 - 16 * x2 + 5 * x + y2 * y2 - 16 * y2 + 5 * y)


def styblinski_tang_g(x, y):
    return (2 * x * x * x - 16 * x + 2.5, 2 * y * y * y - 16 * y + 2.5)


def matyas(x, y):
    return 0.26 * (x * x + y * y) - 0.48 * x * y


def matyas_g(x, y):
    return (0.52 * x - 0.48 * y, 0.52 * y - 0.48 * x)


def levi13(x, y):
    sx = math.sin(3 * PI * x)
    sy = math.sin(3 * PI * y)
    sy2 = math.sin(2 * PI * y)
    return sx * sx + (x - 1) * (x - 1) * (1 + sy * sy) + (y - 1) * (y - 1) * (1 + sy2 * sy2)


def levi13_g(x, y):
    pi = PI
    sy = math.sin(3 * pi * y)
    s2y = math.sin(2 * pi * y)
    gx = 3 * pi * math.sin(6 * pi * x) + 2 * (x - 1) * (1 + sy * sy)
    gy = ((x - 1) * (x - 1) * 3 * pi * math.sin(6 * pi * y)
          + 2 * (y - 1) * (1 + s2y * s2y) + (y - 1) * (y - 1) * 2 * pi * math.sin(4 * pi * y))
    return (gx, gy)


# The three functions the lead is adding (expressions given in the brief).
def three_hump_camel(x, y):
    x2 = x * x
    return 2 * x2 - 1.05 * x2 * x2 + x2 * x2 * x2 / 6 + x * y + y * y


def three_hump_camel_g(x, y):
    x2 = x * x
    return (4 * x - 4.2 * x2 * x + x2 * x2 * x + y, x + 2 * y)


def easom(x, y):
    dx = x - PI
    dy = y - PI
    a = math.cos(x)
    b = math.cos(y)
    e = math.exp(-(dx * dx + dy * dy))
    return -a * b * e


def easom_g(x, y):
    dx = x - PI
    dy = y - PI
    a = math.cos(x)
    b = math.cos(y)
    e = math.exp(-(dx * dx + dy * dy))
    return (e * (math.sin(x) * b + 2 * dx * a * b), e * (a * math.sin(y) + 2 * dy * a * b))


def mccormick(x, y):
    s = x + y
    d = x - y
    return math.sin(s) + d * d - 1.5 * x + 2.5 * y + 1


def mccormick_g(x, y):
    s = x + y
    d = x - y
    c = math.cos(s)
    return (c + 2 * d - 1.5, c - 2 * d + 2.5)


MCCORMICK_MIN = (-PI / 3 + 0.5, -PI / 3 - 0.5)

FUNCTIONS = {
    "rosenbrock": (rosenbrock, rosenbrock_g, 0.0, [[1.0, 1.0]]),
    "himmelblau": (himmelblau, himmelblau_g, 0.0,
                   [[3.0, 2.0], [-2.805118086952745, 3.131312518250573],
                    [-3.779310253377747, -3.283185991286170], [3.584428340330492, -1.848126526964404]]),
    "beale": (beale, beale_g, 0.0, [[3.0, 0.5]]),
    "booth": (booth, booth_g, 0.0, [[1.0, 3.0]]),
    "goldstein-price": (goldstein_price, goldstein_price_g, 3.0, [[0.0, -1.0]]),
    "matyas": (matyas, matyas_g, 0.0, [[0.0, 0.0]]),
    "levi13": (levi13, levi13_g, 0.0, [[1.0, 1.0]]),
    "styblinski-tang": (styblinski_tang, styblinski_tang_g, -78.33233140754282,
                        [[-2.903534027771177, -2.903534027771177]]),
    "six-hump-camel": (six_hump_camel, six_hump_camel_g, -1.0316284534898774,
                       [[0.08984201310031807, -0.7126564030207396], [-0.08984201310031807, 0.7126564030207396]]),
    "three-hump-camel": (three_hump_camel, three_hump_camel_g, 0.0, [[0.0, 0.0]]),
    "easom": (easom, easom_g, -1.0, [[PI, PI]]),
    "mccormick": (mccormick, mccormick_g, mccormick(*MCCORMICK_MIN), [list(MCCORMICK_MIN)]),
    "rastrigin": (rastrigin, rastrigin_g, 0.0, [[0.0, 0.0]]),
}


def fval(name, x, y):
    return FUNCTIONS[name][0](float(x), float(y))


def fgrad(name, x, y):
    return FUNCTIONS[name][1](float(x), float(y))


def gnorm(name, x, y):
    gx, gy = fgrad(name, x, y)
    return math.sqrt(gx * gx + gy * gy)


def functions_table(names):
    return {n: {"fstar": FUNCTIONS[n][2], "minima": FUNCTIONS[n][3]} for n in sorted(set(names))}


def versions():
    return {
        "python": platform.python_version(),
        "numpy": np.__version__,
        "scipy": scipy.__version__,
        "cma": cma.__version__,
        "torch": torch.__version__,
        "atenCpuCapability": torch.backends.cpu.get_cpu_capability(),
        "platform": platform.machine() + " " + platform.system(),
    }


def pt(p):
    """A point as a JSON list of two Python floats (float64)."""
    return [float(p[0]), float(p[1])]


def write(name, obj):
    """Compact JSON: one top-level key per line, one case per line (keeps the files small
    and diffs readable). Floats are written by json (repr: shortest round-trip form)."""
    def dumps(v):
        return json.dumps(v, separators=(",", ":"), allow_nan=False)
    lines = []
    for key, value in obj.items():
        if key == "cases":
            body = ",\n".join("  " + dumps(c) for c in value)
            lines.append(f' {dumps(key)}:[\n{body}\n ]')
        else:
            lines.append(f" {dumps(key)}:{dumps(value)}")
    text = "{\n" + ",\n".join(lines) + "\n}\n"
    assert json.loads(text) == json.loads(dumps(obj))
    path = os.path.join(HERE, name)
    with open(path, "w") as fh:
        fh.write(text)
    print(f"wrote {name}: {os.path.getsize(path)} bytes")


# ---------------------------------------------------------------------------
# 1. First-order methods: torch.optim trajectories.
# ---------------------------------------------------------------------------

def make_torch_optimizer(method, params, p):
    lr = params.get("learningRate")
    kw = {}
    if lr is not None:
        kw["lr"] = lr
    if method == "gradient-descent":
        return torch.optim.SGD([p], momentum=0, dampening=0, nesterov=False, foreach=False,
                               fused=False, **kw)
    if method == "momentum":
        return torch.optim.SGD([p], momentum=params["momentum"], dampening=0, nesterov=False,
                               foreach=False, fused=False, **kw)
    if method == "nesterov":
        return torch.optim.SGD([p], momentum=params["momentum"], dampening=0, nesterov=True,
                               foreach=False, fused=False, **kw)
    if method == "adagrad":
        if "epsilon" in params:
            kw["eps"] = params["epsilon"]
        return torch.optim.Adagrad([p], lr_decay=0, initial_accumulator_value=0, foreach=False,
                                   fused=False, **kw)
    if method == "rmsprop":
        if "rho" in params:
            kw["alpha"] = params["rho"]
        if "epsilon" in params:
            kw["eps"] = params["epsilon"]
        return torch.optim.RMSprop([p], momentum=0, centered=False, foreach=False, **kw)
    if method == "adam":
        if "beta1" in params:
            kw["betas"] = (params["beta1"], params["beta2"])
        if "epsilon" in params:
            kw["eps"] = params["epsilon"]
        return torch.optim.Adam([p], amsgrad=False, foreach=False, fused=False, **kw)
    raise ValueError(method)


def torch_args(opt):
    out = {}
    for k, v in sorted(opt.param_groups[0].items()):
        if k == "params":
            continue
        if isinstance(v, tuple):
            v = [float(e) for e in v]
        elif isinstance(v, bool) or v is None:
            pass
        elif isinstance(v, (int, float)):
            v = float(v) if not isinstance(v, int) else v
        else:
            v = str(v)
        out[k] = v
    return out


def torch_run(method, function, start, params, steps):
    p = torch.tensor(start, dtype=torch.float64)
    opt = make_torch_optimizer(method, params, p)
    traj = [pt(start)]
    for _ in range(steps):
        opt.zero_grad(set_to_none=True)
        x, y = p.tolist()
        p.grad = torch.tensor(fgrad(function, x, y), dtype=torch.float64)
        opt.step()
        traj.append(pt(p.tolist()))
    for q in traj:
        if not (math.isfinite(q[0]) and math.isfinite(q[1])):
            raise RuntimeError(f"non-finite trajectory: {method} {function}")
    return {
        "method": method,
        "function": function,
        "start": pt(start),
        "params": params,
        "torchArgs": torch_args(opt),
        "steps": steps,
        "finalValue": fval(function, *traj[-1]),
        "trajectory": traj,
    }


# Hyper-parameters per (method, function): chosen so every 100-step run stays
# finite and keeps moving (the final value is well below the start's).
FIRST_ORDER_STARTS = {"rosenbrock": [-1.5, 2.5], "himmelblau": [0.0, 0.0], "beale": [1.0, 1.0]}
FIRST_ORDER_PARAMS = {
    "gradient-descent": {
        "rosenbrock": {"learningRate": 1e-3},
        "himmelblau": {"learningRate": 1e-2},
        "beale": {"learningRate": 1e-2},
    },
    "momentum": {
        "rosenbrock": {"learningRate": 2e-4, "momentum": 0.9},
        "himmelblau": {"learningRate": 1e-3, "momentum": 0.9},
        "beale": {"learningRate": 1e-3, "momentum": 0.9},
    },
    "nesterov": {
        "rosenbrock": {"learningRate": 2e-4, "momentum": 0.9},
        "himmelblau": {"learningRate": 1e-3, "momentum": 0.9},
        "beale": {"learningRate": 1e-3, "momentum": 0.9},
    },
    "adagrad": {
        "rosenbrock": {"learningRate": 0.1, "epsilon": 1e-10},
        "himmelblau": {"learningRate": 0.5, "epsilon": 1e-10},
        "beale": {"learningRate": 0.1, "epsilon": 1e-10},
    },
    "rmsprop": {
        "rosenbrock": {"learningRate": 1e-2, "rho": 0.9, "epsilon": 1e-8},
        "himmelblau": {"learningRate": 5e-2, "rho": 0.9, "epsilon": 1e-8},
        "beale": {"learningRate": 1e-2, "rho": 0.99, "epsilon": 1e-8},
    },
    "adam": {
        "rosenbrock": {"learningRate": 1e-2, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8},
        "himmelblau": {"learningRate": 5e-2, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8},
        "beale": {"learningRate": 1e-2, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8},
    },
}
# torch's own default lr for SGD is 1e-3; momentum has no default in Opta's sense.
DEFAULTS_PARAMS = {
    "gradient-descent": {},
    "momentum": {"momentum": 0.9},
    "nesterov": {"momentum": 0.9},
    "adagrad": {},
    "rmsprop": {},
    "adam": {},
}


def first_order():
    cases = []
    for method, per_fn in FIRST_ORDER_PARAMS.items():
        for function, params in per_fn.items():
            cases.append(torch_run(method, function, FIRST_ORDER_STARTS[function], params, 100))
        c = torch_run(method, "rosenbrock", FIRST_ORDER_STARTS["rosenbrock"], DEFAULTS_PARAMS[method], 100)
        c["defaults"] = True
        cases.append(c)
    # Long runs: operation order must match over 1000 steps.
    c = torch_run("rmsprop", "rosenbrock", [-1.5, 2.5], {"learningRate": 1e-3}, 1000)
    c["long"] = True
    cases.append(c)
    c = torch_run("adam", "rosenbrock", [-1.5, 2.5], {"learningRate": 1e-2}, 1000)
    c["long"] = True
    cases.append(c)
    return {
        "description": "torch.optim trajectories, float64, foreach=False, gradient set by hand "
                       "(p.grad = analytic gradient) before every opt.step(). trajectory[0] is the "
                       "start, trajectory[k] the parameter after k steps. Cases with \"defaults\": true "
                       "pass only the listed params and leave everything else to torch's constructor "
                       "defaults; torchArgs lists every value torch used.",
        "versions": versions(),
        "functions": functions_table(c["function"] for c in cases),
        "cases": cases,
    }


# ---------------------------------------------------------------------------
# 2. L-BFGS: scipy L-BFGS-B and torch.optim.LBFGS.
# ---------------------------------------------------------------------------

GTOL_TARGET = 1e-8

LBFGS_CASES = [
    ("rosenbrock", [-1.2, 1.0]),
    ("rosenbrock", [-1.5, 2.5]),
    ("booth", [0.0, 0.0]),
    ("matyas", [1.0, -0.5]),
    ("three-hump-camel", [1.0, 1.0]),
    ("easom", [2.5, 3.5]),
    ("goldstein-price", [0.0, -0.5]),
    ("beale", [1.0, 1.0]),
    ("levi13", [1.1, 0.9]),
    ("mccormick", [0.0, 0.0]),
    ("styblinski-tang", [-2.0, -2.0]),
    ("himmelblau", [0.0, 0.0]),
    ("six-hump-camel", [0.5, -0.5]),
]


def scipy_lbfgsb(function, start):
    nf = [0]

    def f(v):
        nf[0] += 1
        return fval(function, v[0], v[1])

    def g(v):
        return np.array(fgrad(function, v[0], v[1]), dtype=np.float64)

    xs = [pt(start)]
    nfev_at = [0]

    def cb(xk):
        xs.append(pt(xk))
        nfev_at.append(nf[0])

    res = scipy.optimize.minimize(f, np.array(start, dtype=np.float64), jac=g, method="L-BFGS-B",
                                  callback=cb,
                                  options={"maxiter": 2000, "maxfun": 100000, "gtol": 1e-12,
                                           "ftol": 0.0, "maxcor": 10, "maxls": 20})
    k_tol = None
    for k, x in enumerate(xs):
        if gnorm(function, *x) < GTOL_TARGET:
            k_tol = k
            break
    return {
        "scipyIterationsToTolerance": k_tol,
        "scipyEvaluationsToTolerance": None if k_tol is None else nfev_at[k_tol],
        "scipyNit": int(res.nit),
        "scipyNfev": int(res.nfev),
        "scipyMessage": str(res.message),
        "final": pt(res.x),
        "finalValue": float(res.fun),
        "finalGradientNorm": gnorm(function, *res.x),
        "iterates": xs[: (k_tol + 1) if k_tol is not None else len(xs)],
    }


def torch_lbfgs(function, start, max_calls=500):
    def closure_for(p):
        def closure():
            x, y = p.tolist()
            p.grad = torch.tensor(fgrad(function, x, y), dtype=torch.float64)
            return torch.tensor(fval(function, x, y), dtype=torch.float64)
        return closure

    # (a) One iteration per step() call, to find the first iterate under tolerance.
    # max_iter=1 so each call is one iteration; max_eval=26 gives that iteration's
    # strong-Wolfe search max_ls = max_eval - 1 = 25 evaluations (torch's _strong_wolfe
    # default). The default max_eval = max_iter*5//4 = 1 would leave it none. The
    # iterates are the same bits as one call with a large max_iter (checked).
    p = torch.tensor(start, dtype=torch.float64)
    opt = torch.optim.LBFGS([p], lr=1, max_iter=1, max_eval=26, history_size=10,
                            tolerance_grad=1e-12, tolerance_change=1e-16,
                            line_search_fn="strong_wolfe")
    closure = closure_for(p)
    k_tol = 0 if gnorm(function, *start) < GTOL_TARGET else None
    calls = 0
    while k_tol is None and calls < max_calls:
        opt.step(closure)
        calls += 1
        x, y = p.tolist()
        if not (math.isfinite(x) and math.isfinite(y)):
            break
        if gnorm(function, x, y) < GTOL_TARGET:
            k_tol = opt.state[p].get("n_iter", 0)
    # (b) torch's own stopping: one call with max_iter=2000 (max_eval defaults to 2500).
    q = torch.tensor(start, dtype=torch.float64)
    opt2 = torch.optim.LBFGS([q], lr=1, max_iter=2000, history_size=10, tolerance_grad=1e-12,
                             tolerance_change=1e-16, line_search_fn="strong_wolfe")
    opt2.step(closure_for(q))
    x, y = q.tolist()
    return {
        "torchIterationsToTolerance": k_tol,
        "torchNit": int(opt2.state[q]["n_iter"]),
        "torchNfev": int(opt2.state[q]["func_evals"]),
        "torchFinal": [x, y],
        "torchFinalGradientNorm": gnorm(function, x, y),
    }


def nearest_minimum_distance(function, p):
    return min(math.hypot(p[0] - m[0], p[1] - m[1]) for m in FUNCTIONS[function][3])


def lbfgs():
    cases = []
    for function, start in LBFGS_CASES:
        c = {"function": function, "start": pt(start)}
        c.update(scipy_lbfgsb(function, start))
        c.update(torch_lbfgs(function, start))
        c["finalDistanceToGlobalMinimum"] = nearest_minimum_distance(function, c["final"])
        cases.append(c)
    return {
        "description": "Iterations to ||grad f||_2 < 1e-8 (k counts iterations; iterates[0] is the "
                       "start, iterates[k] scipy's x after k iterations, listed up to the first one "
                       "under tolerance). scipy: minimize(method='L-BFGS-B', jac=analytic, maxcor=10, "
                       "gtol=1e-12, ftol=0, maxls=20, maxiter=2000); scipyEvaluationsToTolerance counts "
                       "f evaluations (f and g are evaluated together) up to that iterate. torch: "
                       "optim.LBFGS(lr=1, history_size=10, line_search_fn='strong_wolfe', "
                       "tolerance_grad=1e-12, tolerance_change=1e-16): torchIterationsToTolerance from "
                       "max_iter=1, max_eval=26 per step() call (state['n_iter'] when ||grad|| first < 1e-8, "
                       "null if not within 500 iterations); torchNit/torchNfev/torchFinal from one step() "
                       "call with max_iter=2000 (torch's own stop rules).",
        "gradientTolerance": GTOL_TARGET,
        "versions": versions(),
        "functions": functions_table(c["function"] for c in cases),
        "cases": cases,
    }


# ---------------------------------------------------------------------------
# 3. Nelder-Mead: scipy with default options.
# ---------------------------------------------------------------------------

NM_CASES = [
    ("rosenbrock", [-1.2, 1.0]),
    ("himmelblau", [0.0, 0.0]),
    ("booth", [0.0, 0.0]),
    ("beale", [1.0, 1.0]),
    ("matyas", [1.0, -0.5]),
    ("goldstein-price", [0.5, 0.5]),
    ("mccormick", [0.0, 0.0]),
    ("three-hump-camel", [1.0, 1.0]),
]


def scipy_initial_simplex(x0):
    # Copied from scipy.optimize._optimize._minimize_neldermead.
    x0 = np.asarray(x0, dtype=np.float64)
    N = len(x0)
    sim = np.empty((N + 1, N), dtype=x0.dtype)
    sim[0] = x0
    for k in range(N):
        y = np.array(x0, copy=True)
        if y[k] != 0:
            y[k] = (1 + 0.05) * y[k]
        else:
            y[k] = 0.00025
        sim[k + 1] = y
    return sim


def nelder_mead_replica(function, start, xatol=1e-4, fatol=1e-4):
    """Pure-Python re-statement of scipy's loop (stable sort), used only to check
    that the recorded sequence does not depend on argsort's tie order."""
    f = lambda v: fval(function, v[0], v[1])
    sim = [list(map(float, r)) for r in scipy_initial_simplex(start)]
    fs = [f(v) for v in sim]
    nfev = 3
    order = sorted(range(3), key=lambda i: fs[i])
    sim = [sim[i] for i in order]
    fs = [fs[i] for i in order]
    best = []
    it = 1
    ties = 0
    while nfev < 400 and it < 400:
        if (max(abs(sim[j][i] - sim[0][i]) for j in (1, 2) for i in (0, 1)) <= xatol
                and max(abs(fs[0] - fs[j]) for j in (1, 2)) <= fatol):
            break
        xbar = [(sim[0][i] + sim[1][i]) / 2 for i in (0, 1)]
        xr = [(1 + 1) * xbar[i] - 1 * sim[2][i] for i in (0, 1)]
        fxr = f(xr); nfev += 1
        shrink = False
        if fxr < fs[0]:
            xe = [(1 + 1 * 2) * xbar[i] - 1 * 2 * sim[2][i] for i in (0, 1)]
            fxe = f(xe); nfev += 1
            if fxe < fxr:
                sim[2], fs[2] = xe, fxe
            else:
                sim[2], fs[2] = xr, fxr
        elif fxr < fs[1]:
            sim[2], fs[2] = xr, fxr
        elif fxr < fs[2]:
            xc = [(1 + 0.5 * 1) * xbar[i] - 0.5 * 1 * sim[2][i] for i in (0, 1)]
            fxc = f(xc); nfev += 1
            if fxc <= fxr:
                sim[2], fs[2] = xc, fxc
            else:
                shrink = True
        else:
            xcc = [(1 - 0.5) * xbar[i] + 0.5 * sim[2][i] for i in (0, 1)]
            fxcc = f(xcc); nfev += 1
            if fxcc < fs[2]:
                sim[2], fs[2] = xcc, fxcc
            else:
                shrink = True
        if shrink:
            for j in (1, 2):
                sim[j] = [sim[0][i] + 0.5 * (sim[j][i] - sim[0][i]) for i in (0, 1)]
                fs[j] = f(sim[j]); nfev += 1
        it += 1
        if len(set(fs)) < 3:
            ties += 1
        order = sorted(range(3), key=lambda i: fs[i])
        sim = [sim[i] for i in order]
        fs = [fs[i] for i in order]
        best.append(list(sim[0]))
    return best, it, nfev, ties


def nelder_mead():
    cases = []
    for function, start in NM_CASES:
        best = []
        res = scipy.optimize.minimize(lambda v: fval(function, v[0], v[1]),
                                      np.array(start, dtype=np.float64), method="Nelder-Mead",
                                      callback=lambda xk: best.append(pt(xk)))
        rbest, rit, rnfev, ties = nelder_mead_replica(function, start)
        assert rbest == best and rit == res.nit and rnfev == res.nfev, function
        cases.append({
            "function": function,
            "start": pt(start),
            "initialSimplex": [pt(r) for r in scipy_initial_simplex(start)],
            "nit": int(res.nit),
            "nfev": int(res.nfev),
            "final": pt(res.x),
            "fun": float(res.fun),
            "status": int(res.status),
            "iterationsWithTiedValues": ties,
            "bestVertices": best,
        })
    return {
        "description": "scipy.optimize.minimize(method='Nelder-Mead') with default options "
                       "(xatol=fatol=1e-4, maxiter=maxfev=400, adaptive=False, scipy's initial simplex). "
                       "bestVertices[k] is sim[0] after iteration k+1 (the callback's xk); note scipy's "
                       "nit starts counting at 1, so nit == len(bestVertices) + 1 when the xatol/fatol "
                       "test stops the run. iterationsWithTiedValues counts iterations after which two "
                       "vertices had equal f (where argsort's tie order could matter).",
        "versions": versions(),
        "functions": functions_table(c["function"] for c in cases),
        "cases": cases,
    }


# ---------------------------------------------------------------------------
# 4. CMA-ES: pycma defaults.
# ---------------------------------------------------------------------------

CMA_CASES = [
    ("rosenbrock", [-1.2, 1.0], 0.5),
    ("booth", [0.0, 0.0], 1.0),
    ("matyas", [1.0, -0.5], 0.5),
    ("beale", [1.0, 1.0], 0.5),
    ("goldstein-price", [0.5, 0.5], 0.5),
    ("three-hump-camel", [1.0, 1.0], 0.5),
    ("himmelblau", [0.0, 0.0], 1.0),
]
CMA_SEEDS = list(range(1, 21))
CMA_OPTIONS_NO_EARLY_STOP = {
    "verbose": -9,
    "tolfun": 0,
    "tolfunhist": 0,
    "tolfunrel": 0,
    "tolx": 0,
    "tolflatfitness": 1e9,
    "tolstagnation": 10 ** 9,
    "tolxstagnation": False,
    "tolconditioncov": np.inf,
    "tolfacupx": np.inf,
    "tolupsigma": np.inf,
    "maxiter": np.inf,
    "maxfevals": 100000,
    "verb_log": 0,
    "verb_disp": 0,
}


def cma_run(function, start, sigma0, seed):
    fstar = FUNCTIONS[function][2]
    opts = dict(CMA_OPTIONS_NO_EARLY_STOP)
    opts["seed"] = seed
    opts["ftarget"] = fstar + 1e-8
    es = cma.CMAEvolutionStrategy(list(start), sigma0, opts)
    es.optimize(lambda v: fval(function, v[0], v[1]))
    best = float(es.result.fbest)
    return {
        "seed": seed,
        "evaluations": int(es.result.evaluations),
        "iterations": int(es.result.iterations),
        "bestValue": best,
        "success": bool(best - fstar < 1e-8),
        "stop": sorted(es.stop().keys()),
    }


def cma_constants():
    es = cma.CMAEvolutionStrategy([0.0, 0.0], 1.0, {"seed": 1, "verbose": -9})
    sp = es.sp
    w = sp.weights
    smp = es.sm.parameters(mueff=w.mueff, lam=w.lambda_)
    N = es.N
    return {
        "N": N,
        "popsize": int(sp.popsize),
        "mu": int(w.mu),
        "weights": [float(v) for v in w],
        "positiveWeightsSum": float(sum(v for v in w if v > 0)),
        "negativeWeightsSum": float(sum(v for v in w if v < 0)),
        "mueff": float(w.mueff),
        "mueffminus": float(w.mueffminus),
        "cmean": float(sp.cmean),
        "cc": float(sp.cc),
        "c1": float(sp.c1),
        "cmu": float(sp.cmu),
        "c1Sampler": float(smp["c1"]),
        "cmuSampler": float(smp["cmu"]),
        "cs": float(es.adapt_sigma.cs),
        "damps": float(es.adapt_sigma.damps),
        "dampdownFactor": float(es.adapt_sigma.dampdown_fac),
        "maxDeltaLogSigma": float(es.adapt_sigma.max_delta_log_sigma),
        "chiN": float(cma.utilities.math.Mh.chiN(N)),
        "chiNApproximation": float(es.const.chiN),
        "chiNExact": math.sqrt(2) * math.gamma((N + 1) / 2) / math.gamma(N / 2),
        "hsigThreshold": 1 + 4.0 / (N + 1),
        "lazyUpdateGap": float(es.sm.lazy_update_gap),
        "rules": {
            "weights": "raw w_i = log((lambda+1)/2) - log(i), i = 1..lambda; positive part divided by its "
                       "sum; negative part scaled to sum |w-| = 1 + c1/cmu, then capped at "
                       "(1 - c1 - cmu)/(N*cmu) and at 1 + 2*mueffminus/(mueff + 2) (the last one binds "
                       "for n=2): RecombinationWeights.finalize_negative_weights",
            "mean": "m = m_old + cmean * sum_{w_i>0} w_i (x_i:lambda - m_old)",
            "ps": "ps = (1-cs) ps + sqrt(cs(2-cs)) * sqrt(mueff) * C^-1/2 (m - m_old) / sigma / cmean "
                  "(C^-1/2 from before this generation's C update)",
            "hsig": "|ps|^2 / (1 - (1-cs)^(2*iteration)) / N - 1 < 1 + 4/(N+1)",
            "pc": "pc = (1-cc) pc + hsig * sqrt(cc(2-cc) mueff) (m - m_old) / sigma / cmean",
            "C": "c1a = c1 (1 - (1 - hsig^2) cc (2-cc)); C = (1 - c1a - cmu*sum(all w)) C + c1 pc pc^T "
                 "+ cmu sum_i w_i' y_i y_i^T with y_i = (x_i:lambda - m_old)/sigma, w_i' = w_i for w_i > 0 "
                 "and w_i' = w_i * N / (|C^-1/2 y_i| + 1e-9)^2 for w_i < 0 (sum(all w) includes the "
                 "negative weights, so the decay factor is > 1 - c1a - cmu): "
                 "CMAEvolutionStrategy.tell + GaussFullSampler.update",
            "sigma": "sigma *= exp(min(1, max(-1, (cs/damps) (|ps|/chiN - 1)))) with chiN = Mh.chiN(N) "
                     "(tabulated exact E|N(0,I)|); updated after C: CMAAdaptSigmaCSA.update2",
        },
    }


def cmaes():
    cases = []
    for function, start, sigma0 in CMA_CASES:
        runs = [cma_run(function, start, sigma0, s) for s in CMA_SEEDS]
        ok = [r["evaluations"] for r in runs if r["success"]]
        cases.append({
            "function": function,
            "start": pt(start),
            "sigma0": sigma0,
            "fstar": FUNCTIONS[function][2],
            "successes": len(ok),
            "medianEvaluations": float(statistics.median(ok)) if ok else None,
            "runs": runs,
        })
    opts = {k: (str(v) if isinstance(v, float) and not math.isfinite(v) else v)
            for k, v in CMA_OPTIONS_NO_EARLY_STOP.items()}
    return {
        "description": "pycma CMAEvolutionStrategy(start, sigma0, options).optimize(f) with pycma's "
                       "defaults for n=2 (popsize 6, active CMA) and every early stop disabled; "
                       "ftarget = f* + 1e-8. evaluations = es.result.evaluations when it stopped "
                       "(pycma checks ftarget after whole generations, so it is a multiple of 6, "
                       "+0 for the final mean evaluation which pycma does not count here). "
                       "medianEvaluations is the median over the successful seeds.",
        "options": opts,
        "seeds": CMA_SEEDS,
        "versions": versions(),
        "functions": functions_table(c["function"] for c in cases),
        "pycmaConstants": cma_constants(),
        "cases": cases,
    }


# ---------------------------------------------------------------------------
# 5. Simulated annealing: scipy dual_annealing.
# ---------------------------------------------------------------------------

SA_CASES = [
    ("easom", [[-10.0, 10.0], [-10.0, 10.0]]),
    ("easom", [[-100.0, 100.0], [-100.0, 100.0]]),
    ("himmelblau", [[-5.0, 5.0], [-5.0, 5.0]]),
    ("rastrigin", [[-5.12, 5.12], [-5.12, 5.12]]),
]
SA_SEEDS = list(range(1, 11))
SA_BUDGET = 2000


def annealing():
    cases = []
    for function, bounds in SA_CASES:
        fstar = FUNCTIONS[function][2]
        for local in (False, True):
            runs = []
            for s in SA_SEEDS:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    res = scipy.optimize.dual_annealing(
                        lambda v: fval(function, v[0], v[1]), bounds,
                        no_local_search=not local, maxfun=SA_BUDGET, seed=s)
                runs.append({"seed": s, "bestGap": float(res.fun) - fstar, "best": pt(res.x),
                             "nfev": int(res.nfev), "nit": int(res.nit)})
            cases.append({
                "function": function,
                "bounds": bounds,
                "localSearch": local,
                "maxfun": SA_BUDGET,
                "fstar": fstar,
                "medianBestGap": float(statistics.median(r["bestGap"] for r in runs)),
                "runs": runs,
            })
    return {
        "description": "scipy.optimize.dual_annealing(f, bounds, maxfun=2000, seed=s, "
                       "no_local_search=not localSearch), seeds 1..10 (seed=int -> numpy RandomState). "
                       "bestGap = res.fun - f*. Other options scipy's defaults (initial_temp 5230, "
                       "restart_temp_ratio 2e-5, visit 2.62, accept -5.0).",
        "seeds": SA_SEEDS,
        "versions": versions(),
        "functions": functions_table(c["function"] for c in cases),
        "cases": cases,
    }


def main():
    torch.set_default_dtype(torch.float64)
    torch.use_deterministic_algorithms(True)
    torch.set_num_threads(1)
    write("first-order.json", first_order())
    write("lbfgs.json", lbfgs())
    write("nelder-mead.json", nelder_mead())
    write("cmaes.json", cmaes())
    write("annealing.json", annealing())


if __name__ == "__main__":
    sys.exit(main())
