#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

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

int rb_tcp_socket_user(int family, const void *local, unsigned short local_port, const void *remote,
                       unsigned short remote_port, unsigned int *user) {
    int diag = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
    if (diag < 0)
        return -2;
    struct timeval timeout = {.tv_sec = 1, .tv_usec = 0};
    setsockopt(diag, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    struct {
        struct nlmsghdr header;
        struct inet_diag_req_v2 request;
    } message;
    memset(&message, 0, sizeof message);
    message.header.nlmsg_len = sizeof message;
    message.header.nlmsg_type = SOCK_DIAG_BY_FAMILY;
    message.header.nlmsg_flags = NLM_F_REQUEST;  // no NLM_F_DUMP: the one socket of these addresses
    message.request.sdiag_family = (unsigned char)family;
    message.request.sdiag_protocol = IPPROTO_TCP;
    message.request.idiag_states = ~0U;
    size_t size = family == AF_INET6 ? 16 : 4;
    memcpy(message.request.id.idiag_src, local, size);
    memcpy(message.request.id.idiag_dst, remote, size);
    message.request.id.idiag_sport = htons(local_port);
    message.request.id.idiag_dport = htons(remote_port);
    message.request.id.idiag_cookie[0] = INET_DIAG_NOCOOKIE;
    message.request.id.idiag_cookie[1] = INET_DIAG_NOCOOKIE;
    struct sockaddr_nl kernel = {.nl_family = AF_NETLINK};
    if (sendto(diag, &message, sizeof message, 0, (struct sockaddr *)&kernel, sizeof kernel) < 0) {
        int saved = errno;
        close(diag);
        errno = saved;
        return -2;
    }
    long answer[8192 / sizeof(long)];
    ssize_t count = recv(diag, answer, sizeof answer, 0);
    int saved = errno;
    close(diag);
    if (count < 0) {
        errno = saved;
        return -2;
    }
    struct nlmsghdr *reply = (struct nlmsghdr *)answer;
    if (!NLMSG_OK(reply, (unsigned int)count) || reply->nlmsg_type != SOCK_DIAG_BY_FAMILY ||
        reply->nlmsg_len < NLMSG_LENGTH(sizeof(struct inet_diag_msg)))
        return -1;  // NLMSG_ERROR: no socket has these addresses
    *user = ((struct inet_diag_msg *)NLMSG_DATA(reply))->idiag_uid;
    return 0;
}
