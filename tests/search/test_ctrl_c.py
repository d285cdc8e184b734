"""A Ctrl-C that lands while a run forks its workers is raised once they are forked, never lost."""

import os
import signal
import threading

import pytest

from diffcheck.search import ctrl_c

pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or threading.current_thread() is not threading.main_thread()
                                or signal.getsignal(signal.SIGINT) is not signal.default_int_handler,
                                reason="needs fork, and Python's own Ctrl-C handler on the main thread")


def _fork_a_child_that_exits() -> None:
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)


def test_a_ctrl_c_during_a_fork_is_raised_after_the_block():
    # Unheld, it would be raised at once (and the end of the block never reached), or, landing inside the fork,
    # in an after-fork handler of logging's, which prints it and drops it.
    with pytest.raises(KeyboardInterrupt):
        with ctrl_c.held():
            os.kill(os.getpid(), signal.SIGINT)
            _fork_a_child_that_exits()
            reached_the_end_of_the_block = True
    assert reached_the_end_of_the_block

