"""Imported once, by the process the page's workers are forked from (``pool`` names this module to multiprocessing's
forkserver), never by the server: one small board judged here builds the engines, the rulesets and the catalogue,
and every worker forked afterwards starts with them built. A worker started in place of a killed one then costs a
fork, not the second of CPU that importing and building them takes."""

import gc

from diffcheck.page.worker import warm_up

warm_up()
# What is built so far is the workers' to share, page for page, until one writes to it; a collection in a worker
# would touch every object and copy every page, so the collector leaves these alone (the advice of gc.freeze's
# documentation for a process that forks without exec).
gc.freeze()
