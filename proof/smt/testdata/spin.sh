#!/bin/sh
# A solver that never answers and burns CPU: the CPU limit must stop it.
while :; do :; done
