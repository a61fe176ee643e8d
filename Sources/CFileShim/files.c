#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/socket.h>

#include "rebound_files.h"

int rb_exchange_paths(const char *first, const char *second) {
    return renameat2(AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}

int rb_peer_user(int socket, unsigned int *user) {
    struct ucred credentials;
    socklen_t size = sizeof credentials;
    if (getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &size) != 0)
        return -1;
    *user = credentials.uid;
    return 0;
}
