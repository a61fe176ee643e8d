// The console's prompt and its signals. A signal handler, not a dispatch source: libdispatch
// reads signals through a signalfd, which can take Ctrl-C away from the prompt's read before
// the read fails with EINTR, so the line would never end.
#define _GNU_SOURCE
#include "rebound_console.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <editline/readline.h>

static volatile sig_atomic_t at_prompt;
static volatile sig_atomic_t prompt_interrupted;
static volatile sig_atomic_t running;
static volatile sig_atomic_t signals_while_running;
static int wake_fd = -1;
static int kick_fds[2] = {-1, -1};
static pthread_t reader;

// Ctrl-C at the prompt must end the reader's read, but the signal may reach another thread,
// or come before libedit's read starts (the terminal then drops what was typed, and the read
// would wait for more). So a thread of our own kicks the reader with SIGUSR2, whose handler does
// nothing and lets read fail with EINTR, until readline has returned.
static void *kick_reader(void *unused) {
    (void)unused;
    char byte;
    while (read(kick_fds[0], &byte, 1) == 1 || errno == EINTR) {
        while (at_prompt && prompt_interrupted) {
            pthread_kill(reader, SIGUSR2);
            struct timespec pause = {0, 20 * 1000 * 1000};
            nanosleep(&pause, NULL);
        }
    }
    return NULL;
}

static void on_kick(int number) { (void)number; }

static void on_signal(int number) {
    if (at_prompt) {
        if (number != SIGINT)
            _exit(128 + number);
        prompt_interrupted = 1;
        char byte = 1;
        if (write(kick_fds[1], &byte, 1) != 1) {
            // The kicker's pipe is full: it is kicking already.
        }
        return;
    }
    // Between a chunk and the next prompt: the terminal dropped what was typed ahead, and
    // there is nothing to stop.
    if (!running)
        return;
    if (signals_while_running++ > 0 || wake_fd < 0)
        _exit(128 + number);
    char byte = (char)number;
    if (write(wake_fd, &byte, 1) != 1)
        _exit(128 + number);
}

void rb_console_setup(void) { rl_catch_signals = 0; }

void rb_console_take_signals(int wake) {
    if (kick_fds[0] < 0 && pipe2(kick_fds, O_CLOEXEC | O_NONBLOCK) == 0) {
        fcntl(kick_fds[0], F_SETFL, 0);  // the kicker waits; the handler never does
        pthread_t kicker;
        if (pthread_create(&kicker, NULL, kick_reader, NULL) == 0)
            pthread_detach(kicker);
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = on_kick;
    sigaction(SIGUSR2, &action, NULL);
    action.sa_handler = on_signal;
    wake_fd = wake;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    // A mask is inherited through exec: a parent that blocked them must not silence the console.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGUSR2);
    pthread_sigmask(SIG_UNBLOCK, &signals, NULL);
}

void rb_console_will_run(void) {
    signals_while_running = 0;
    running = 1;
}

void rb_console_did_run(void) { running = 0; }

char *rb_console_readline(const char *prompt, int *interrupted) {
    reader = pthread_self();
    prompt_interrupted = 0;
    at_prompt = 1;
    char *line = readline(prompt);
    at_prompt = 0;
    *interrupted = prompt_interrupted;
    if (!prompt_interrupted)
        return line;
    // Ctrl-C may come with the rest of the line in one read (a paste): the line is dropped.
    free(line);
    rl_replace_line("", 0);  // libedit keeps the dropped text for the next prompt otherwise
    return NULL;
}
