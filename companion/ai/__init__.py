"""Our games in the game-AI ecosystem: each playable engine as an OpenSpiel game, and search bots.

- `spiel_game`: the adapter. Any engine that follows the seats-and-views protocol becomes an
  OpenSpiel Python game (`pyspiel.load_game("cardgen_<game id>")`), so OpenSpiel's own tests and
  algorithms run on our rules. The only room of the house that imports pyspiel.
- `search`: a player built on OpenSpiel's information-set MCTS over that adapter, which decides
  from one seat's view (`companion.engine.opponents.Opponent`) at easy, normal and hard.
- `playouts`: how the search plays out and judges a leaf in each game, on the world it drew:
  at random, or by the game's own rules of thumb (Vita Luna, Riposte, VA Card Game, Luturas).
- `catalogue`: the registry's playable games registered in one call, and `make_bot(game_id,
  seat, level, seed)` for the balance simulator; `heuristic(game_id, seat)`, the strongest
  rules of thumb the search is measured against.

The package imports nothing here, so the registry can lazily import `companion.ai.search` for its
app opponents without pulling in the catalogue (which reads the registry).
"""
