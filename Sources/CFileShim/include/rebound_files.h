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

#endif
