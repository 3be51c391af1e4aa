// Package atomicfile writes files so that readers see either the old file
// or the complete new one, never a part: the data goes to a temporary file
// beside the target, is synced, and is renamed over it.
//
// A rename replaces whatever name it lands on, so Write first refuses any
// path that holds something other than a regular file: renamed over, a
// symbolic link would be cut, and a device such as /dev/null (as root) or
// a FIFO replaced by a plain file. WriteOutput, for a command's -o, writes
// through a character device or a FIFO instead, as a shell redirection
// would; it too refuses symbolic links (following one would let whoever
// planted it in a shared directory choose the file replaced), block
// devices, sockets and directories.
package atomicfile
