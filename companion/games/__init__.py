"""One module per game's rules, each following `companion.engine.Rules`."""
