"""A generated 2,000-scene world lints clean and loads (the timing is printed, not asserted).

``load_world`` lints as it loads (one pass over the files), so it is the "lint + load" time.
"""

from __future__ import annotations

import time

from storybook.interpreter import ReadContext, read_scene
from storybook.lint.folder import load_world


def test_a_2000_scene_world_lints_clean_and_loads(tmp_path, capsys, generate_world):
    path = generate_world(tmp_path / "big", scenes=2000)
    start, cpu = time.perf_counter(), time.process_time()
    world = load_world(path)  # raises WorldError on any lint error
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert [str(d) for d in world.warnings] == []
    assert len(world.scenes) == 2000
    view = read_scene(world.scene(1500), ReadContext(month="june", challenge=True))
    assert view.options[0].check is not None
    with capsys.disabled():
        print(f"\n2,000-scene world: lint + load in {seconds:.2f} s ({cpu:.2f} s of CPU)")
