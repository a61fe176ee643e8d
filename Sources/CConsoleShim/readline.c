// The console's prompt and its signals. A signal handler, not a dispatch source: libdispatch
// reads signals through a signalfd, which can take Ctrl-C away from the prompt's read before
// the read fails with EINTR, so the line would never end.
#include "rebound_console.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <editline/readline.h>

static volatile sig_atomic_t at_prompt;
static volatile sig_atomic_t prompt_interrupted;
static volatile sig_atomic_t running;
static volatile sig_atomic_t signals_while_running;
static int wake_fd = -1;
static pthread_t reader;

static void on_signal(int number) {
    if (at_prompt) {
        if (number != SIGINT)
            _exit(128 + number);
        prompt_interrupted = 1;
        // The kernel hands a process's signal to any thread that does not block it; only the
        // reader's read fails with EINTR, so another thread passes it on.
        if (!pthread_equal(pthread_self(), reader))
            pthread_kill(reader, number);
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

void rb_console_setup(void) {
    rl_catch_signals = 0;
}

void rb_console_take_signals(int wake) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    wake_fd = wake;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    // A mask is inherited through exec: a parent that blocked them must not silence the console.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    sigaddset(&signals, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &signals, NULL);
}

void rb_console_will_run(void) {
    signals_while_running = 0;
    running = 1;
}

void rb_console_did_run(void) {
    running = 0;
}

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
