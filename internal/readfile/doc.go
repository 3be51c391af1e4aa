// Package readfile reads the files grundy is given — rule files, claim
// files, a table's header and journal, ledgers, shard files — with a cap
// on what it reads and without waiting on what is not a file.
//
// os.ReadFile reads until the end, so a name that leads to /dev/zero (a
// symbolic link, say) fills memory until the process dies, and opening a
// FIFO waits for a writer that may never come. Here every file is opened
// without blocking (O_NONBLOCK), a file larger than its cap is refused by
// a *TooLargeError that names it and the cap, and Regular refuses anything
// but a regular file, for the files of a table directory, which grundy
// wrote and reads back.
package readfile
