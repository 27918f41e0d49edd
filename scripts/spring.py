"""A damped spring's progress from 0 towards 1 with no initial velocity (Core Animation's CASpringAnimation),
for the checks that compare a spring on screen with its formula (scripts/check-c-api.sh, python/tests)."""
import math


def progress(t, mass=1.0, stiffness=100.0, damping=10.0):
    """1 - x(t) for an underdamped spring (damping ratio below 1), t seconds after it began (0 before)."""
    t = max(t, 0.0)
    w0 = math.sqrt(stiffness / mass)
    zeta = damping / (2 * math.sqrt(stiffness * mass))
    if zeta >= 1:
        raise ValueError(f"only underdamped springs: damping ratio {zeta:.3f}")
    wd = w0 * math.sqrt(1 - zeta * zeta)
    return 1 - math.exp(-zeta * w0 * t) * (math.cos(wd * t) + zeta * w0 / wd * math.sin(wd * t))
