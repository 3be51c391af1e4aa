// Command grundy-worker runs grundy's tier-by-tier box solver on a
// Temporal cluster with the tables in object storage. It is a separate
// program so that the grundy command does not carry the Temporal SDK:
//
//	grundy-worker run   --address HOST:PORT [--cache DIR]   # a worker; run several
//	grundy-worker solve GAME --piles N --max B --store URL  # start or rejoin a solve, wait, print the counts
//	grundy-worker fetch --store URL -o DIR                  # copy the table to a directory grundy reads
//	grundy-worker local GAME --piles N --max B --store URL  # the same solve in this process, no Temporal
//
// A store URL is a gocloud.dev/blob URL: file:///dir, or
// s3://bucket?endpoint=…&use_path_style=true&region=…&prefix=job/ for any
// S3-compatible store (credentials from the AWS environment variables).
package main
