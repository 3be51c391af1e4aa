// Command grundy-worker runs grundy's tier-by-tier box solver on a
// Temporal cluster with the tables in object storage. It is a separate
// program so that the grundy command does not carry the Temporal SDK:
//
//	grundy-worker run   --address HOST:PORT [--cache DIR]   # a worker; run several
//	grundy-worker solve GAME --piles N --max B --store URL  # start or rejoin a solve, wait, print the counts
//	grundy-worker fetch --store URL -o DIR                  # copy the table to a directory grundy reads
//	grundy-worker local GAME --piles N --max B --store URL  # the same solve in this process, no Temporal
//	grundy-worker status --store URL                        # tiers sealed, shards written, rate, ETA
//	grundy-worker verify --store URL                        # read every committed object back
//	grundy-worker repair --store URL [--tier N]             # drop a damaged tier and the later ones
//	grundy-worker cancel --store URL                        # terminate the store's workflow
//
// Temporal is reached with the Temporal CLI's flags and variables
// (TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, TEMPORAL_API_KEY, TEMPORAL_TLS,
// TEMPORAL_TLS_CLIENT_CERT_PATH, …; docs/cluster.md).
//
// A store URL is a gocloud.dev/blob URL: file:///dir, or
// s3://bucket?endpoint=…&use_path_style=true&region=…&prefix=job/ for any
// S3-compatible store (credentials from the AWS environment variables).
package main
