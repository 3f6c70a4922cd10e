"""The tablet's pages: the only companion code that imports streamlit.

`app.py` routes to one package per game, each with `render(table)`: read the match, ask the engine,
draw. Beside them: `keys` (every session key and URL parameter, spelled once), `session` (the
game held in this session, and the action callbacks), `style` (the tablet's CSS) and `parts` (the
pieces every game's page is built from).

Not named pages/: Streamlit would list such files as pages of their own.
"""
