#!/bin/sh
# A solver that never answers and uses no CPU: only the wall-clock safety
# net stops it.
exec sleep 600
