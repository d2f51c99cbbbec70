"""Match review: the computer's first pass over a finished match (issue 18).

Pure like the rest of core. `judgement` holds the thresholds, `verdict` one reviewed decision
and the `review` meta entry that stores it, `accuracy` a seat's figures, and `appraise` the
search from the deciding seat's view. Only `appraise` imports the bots, so the match log's
check of review entries (`core.match`) loads no search.
"""
