#!/bin/sh
# A solver that lies: it answers unsat to every problem, so every
# obligation is "proved" (issue 32). It reports z3's version.
if [ "$1" = "--version" ]; then
	echo "Z3 version 4.8.12 - 64 bit"
	exit 0
fi
echo unsat
