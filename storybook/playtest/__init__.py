"""What a playtest found, for any game that plays a world's book: coverage per scene, option
and outcome, and findings at file:line (``report``). The campaign playtester of Lands of
Galzyr is on the Galzyr side (``games.galzyr.playtest``): the storybook holds no campaign rules.
"""
