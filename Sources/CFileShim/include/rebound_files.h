// File-system and socket calls Swift's Glibc module does not offer.
#ifndef REBOUND_FILES_H
#define REBOUND_FILES_H

/// Swaps two paths in one step (renameat2 with RENAME_EXCHANGE): both must exist; folders may
/// be swapped whatever they hold. Returns 0, or -1 with errno set (EINVAL where the file
/// system cannot exchange).
int rb_exchange_paths(const char *first, const char *second);

/// The user of the process at the other end of a connected Unix socket (SO_PEERCRED).
/// Returns 0, or -1 with errno set.
int rb_peer_user(int socket, unsigned int *user);

/// The user that owns the TCP socket whose own address is `local` (`local_port`) and whose
/// peer's is `remote` (`remote_port`), by one exact lookup in the kernel's table of sockets
/// (NETLINK_SOCK_DIAG, as `ss` asks it), not a scan of every socket. Addresses are 4 bytes
/// (AF_INET) or 16 (AF_INET6), in network order; ports in host order. Returns 0; -1 when
/// there is no such socket; -2 when the kernel cannot be asked (errno set).
int rb_tcp_socket_user(int family, const void *local, unsigned short local_port, const void *remote,
                       unsigned short remote_port, unsigned int *user);

#endif
