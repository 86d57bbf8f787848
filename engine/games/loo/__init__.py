"""The Russian loo family (after Розалиев): the shared skeleton (state, rules, phases, view, advice,
measures, examples) and its four games, each a module: mushka, pamphil, rams (with rams_rules) and petukh."""
