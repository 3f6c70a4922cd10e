"""`cardgen balance`: seeded bot-against-bot games from the card data on disk, turned into figures.

A designer edits a spreadsheet and asks "is this card too strong now?". The answer comes from
thousands of games the table companion's own rules engines play from that data, so it uses the
rules the table enforces and nothing written twice. The engines are reached through
`cardgen.engines` alone (an entry point the companion registers), never imported. The rooms, one
idea each:

- `adapters`: what each game needs said as data (which action or state fields name cards, which
  events count as an effect firing, which bots sit in the seats);
- `snapshot`: the card data as files, shipped to every worker, so a test copy or another
  revision is what is played, on this machine or a cluster;
- `play`: one seeded game, as a plain record; `seeds` derives each game's seed from the master
  seed and its index, so results never depend on how work was split;
- `workers`: all the games on every local core, or on a Dask cluster;
- `stats`: Wilson intervals, per-card win rates, outliers and the comparison of two runs;
- `measures`: the whole game's measures (draws, length spread, lead changes, skill) and the
  correction of the outlier tests for their number;
- `variants`: a rule number or a card's stat named on the command line, and a copy of the data
  with it changed;
- `sweep`: the same seeded games at several values (`--vary`), the search for a fair value
  (`--tune`) and the stat change suggested for an outlier; `questions` runs them for the command;
- `plots`: the only module that imports matplotlib (figures as inline SVG);
- `report`: the HTML page, the CSV files and the terminal summary, published atomically;
  `sweep_report` the same for a sweep and a search;
- `command`: the click command `cardgen balance`.
"""
