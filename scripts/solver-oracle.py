#!/usr/bin/env python3
"""Seeded random constraint systems, solved by kiwisolver: the oracle StrataLayout's solver is checked against.

Prints JSON: {"systems": [{"variables": N, "ops": [...], "unsat": K | null, "values": [...]}]}. Each op is
  ["add", TERMS, CONSTANT, RELATION, STRENGTH]   TERMS: [[VARIABLE INDEX, COEFFICIENT], ...]; RELATION "<=", "==", ">="
  ["remove", ADD OP INDEX]                       removes the constraint that op added
  ["edit", VARIABLE, STRENGTH] / ["suggest", VARIABLE, VALUE]
  ["constant", ADD OP INDEX, CONSTANT]           that op's constraint with its expression's constant replaced
                                                 (kiwi: removed and added again; Strata: `replaceConstant`)
"unsat" is the index of the op kiwi refused as unsatisfiable (the system stops there), "values" the variables'
values after the last op. The optimum is made unique so that two correct solvers cannot differ: every variable
has a weak stay at its own random value with its own random weight, and coefficients are generic.

    scripts/solver-oracle.py [--count 10000] [--seed 54]
Exits 3 when kiwisolver is missing (scripts/install-deps.sh installs it).
"""
import argparse
import json
import random
import sys

try:
    import kiwisolver as kiwi
except ImportError:
    sys.stderr.write("kiwisolver is missing: run scripts/install-deps.sh (or pip install kiwisolver)\n")
    sys.exit(3)

RELATIONS = ["<=", "==", ">="]


def random_strength(rng):
    level = rng.choice(["required", "strong", "medium", "weak"])
    weight = rng.uniform(0.5, 4.0)
    if level == "required":
        return kiwi.strength.required
    units = {"strong": (1, 0, 0), "medium": (0, 1, 0), "weak": (0, 0, 1)}[level]
    return kiwi.strength.create(*units, weight)


def random_terms(rng, count):
    chosen = rng.sample(range(count), rng.randint(1, min(3, count)))
    return [[v, rng.choice([-1, 1]) * rng.uniform(0.5, 5.0)] for v in chosen]


def make_ops(rng):
    count = rng.randint(1, 6)
    ops = []
    for v in range(count):  # the stays that make the optimum unique
        ops.append(["add", [[v, 1.0]], -rng.uniform(-100, 100), "==", kiwi.strength.create(0, 0, 1, rng.uniform(0.1, 0.9))])
    for _ in range(rng.randint(1, 8)):
        roll = rng.random()
        adds = [i for i, op in enumerate(ops) if op[0] == "add" and not any(o[0] == "remove" and o[1] == i for o in ops)]
        if roll < 0.6 or not adds:
            ops.append(["add", random_terms(rng, count), rng.uniform(-100, 100), rng.choice(RELATIONS), random_strength(rng)])
        elif roll < 0.7:
            target = rng.choice(adds)
            ops.append(["constant", target, ops[target][2] + rng.choice([rng.uniform(-5, 5), rng.uniform(-100, 100)])])
        elif roll < 0.8 and [i for i in adds if i >= count]:
            # Never a stay: without it a variable could rest anywhere in an interval, and two correct solvers
            # (or one changing a constant in place rather than removing and adding) could pick different points.
            ops.append(["remove", rng.choice([i for i in adds if i >= count])])
        else:
            v = rng.randrange(count)
            if not any(op[0] == "edit" and op[1] == v for op in ops):
                ops.append(["edit", v, kiwi.strength.create(rng.choice([1, 0]), 1, 0, rng.uniform(0.5, 2.0))])
            ops.append(["suggest", v, rng.uniform(-100, 100)])
    return count, ops


def solve(count, ops):
    variables = [kiwi.Variable("v%d" % i) for i in range(count)]
    solver = kiwi.Solver()
    made = {}
    edits = set()
    def make(terms, constant, relation, strength):
        expression = sum((variables[v] * c for v, c in terms), constant)
        return {"<=": expression <= 0, "==": expression == 0, ">=": expression >= 0}[relation] | strength

    for index, op in enumerate(ops):
        kind = op[0]
        if kind == "add":
            _, terms, constant, relation, strength = op
            constraint = make(terms, constant, relation, strength)
            try:
                solver.addConstraint(constraint)
            except kiwi.UnsatisfiableConstraint:
                return index, None
            made[index] = constraint
        elif kind == "constant":
            _, terms, _, relation, strength = ops[op[1]]
            solver.removeConstraint(made.pop(op[1]))
            constraint = make(terms, op[2], relation, strength)
            try:
                solver.addConstraint(constraint)
            except kiwi.UnsatisfiableConstraint:
                return index, None
            made[op[1]] = constraint
        elif kind == "remove":
            solver.removeConstraint(made.pop(op[1]))
        elif kind == "edit":
            solver.addEditVariable(variables[op[1]], op[2])
            edits.add(op[1])
        else:
            solver.suggestValue(variables[op[1]], op[2])
    solver.updateVariables()
    return None, [v.value() for v in variables]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=54)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    systems = []
    for _ in range(args.count):
        count, ops = make_ops(rng)
        unsat, values = solve(count, ops)
        systems.append({"variables": count, "ops": ops, "unsat": unsat, "values": values})
    # dumps (the C encoder) is several times faster than dump, which streams through the Python one.
    sys.stdout.write(json.dumps({"kiwisolver": kiwi.__version__, "systems": systems}))


if __name__ == "__main__":
    main()
