"""Tap to grow, in Python: seed 003's first demo on the strata package (python/README.md). A blue circle with a
grey shadow sits in the middle of the screen; a tap moves it there and grows it to 200 points across with a
spring, or shrinks it back to 50."""
import strata

SMALL, LARGE = 50.0, 200.0


def spring(key_path):
    """A spring to the new model value from what is on screen (no from or to value), damping 12, stiffness 180."""
    animation = strata.SpringAnimation(key_path, damping=12, stiffness=180)
    animation.duration = animation.settling_duration
    return animation


def main():
    connection = strata.connect()
    screen = connection.outputs[0].bounds
    root = strata.Layer(bounds=(0, 0, screen.width, screen.height), position=(screen.width / 2, screen.height / 2),
                        background_color=(1, 1, 1), interactive=True)
    circle = strata.Layer(background_color=(0, 146 / 255, 1), position=(screen.width / 2, screen.height / 2),
                          bounds=(0, 0, SMALL, SMALL), corner_radius=SMALL / 2, shadow_color=(0.5, 0.5, 0.5),
                          shadow_offset=(2, 2), shadow_opacity=0.9)
    root.add_sublayer(circle)

    def tapped(event):
        if event.kind != "touch_up":
            return
        width = LARGE if circle.bounds.width == SMALL else SMALL
        with strata.transaction(disable_actions=True):
            circle.bounds = (0, 0, width, width)
            circle.position = event.location
            circle.corner_radius = width / 2
            for key_path in ("bounds", "position", "cornerRadius"):
                circle.add_animation(spring(key_path), key_path)
        strata.flush()  # sent now, before the line below says so
        print(f"{'grew' if width == LARGE else 'shrank'} {width:.0f} at {strata.media_time():.6f}", flush=True)

    root.on_input = tapped
    connection.attach(root)
    strata.flush()
    print(f"ready {screen.width:.0f}x{screen.height:.0f}", flush=True)
    strata.run()


if __name__ == "__main__":
    main()
