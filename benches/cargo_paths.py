"""Where cargo puts what the bench scripts run and write.

.cargo/config.toml names the host's target (`build.target = "host-tuple"`, so that its
flags reach the binary but not the build scripts and procedural macros), and cargo then
builds into target/<host tuple>/<profile>/ rather than target/<profile>/.
"""

import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def host_tuple():
    """The target tuple of the machine, as rustc names it (e.g. x86_64-unknown-linux-gnu)."""
    return subprocess.run(["rustc", "--print", "host-tuple"], check=True, capture_output=True,
                          text=True).stdout.strip()


def release_binary(target_dir=os.path.join(ROOT, "target")):
    """The path of the `salience` binary that `cargo build --release` makes."""
    return os.path.join(target_dir, host_tuple(), "release", "salience")
