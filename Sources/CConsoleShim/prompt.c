// The console's prompt (libedit) and its signals. A signal handler, not a dispatch source: libdispatch
// reads signals through a signalfd, which can take Ctrl-C away from the prompt's read before
// the read fails with EINTR, so the line would never end.
#define _GNU_SOURCE
#include "rebound_console.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>
#include <histedit.h>

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

// The prompt's editor and history: libedit's own API, not its readline emulation, whose
// reading function (rl_getc_function) can hand libedit bytes only.
static EditLine *editor;
static History *history_list;
static const char *current_prompt = "";
static char *prompt_text(EditLine *unused) {
    (void)unused;
    return (char *)current_prompt;
}

// The prompt reads and echoes UTF-8 whatever locale the process runs in; only the reading
// thread uses this one.
static locale_t prompt_locale;

// One character for libedit, decoded from UTF-8. libedit's own read ends the line at the first
// interrupted read, and a kick can come late, after the prompt whose Ctrl-C it was for is
// gone: such a read is read again. Only Ctrl-C ends the line.
static int read_character(EditLine *unused, wchar_t *character) {
    (void)unused;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    for (;;) {
        if (prompt_interrupted)
            return -1;
        char byte;
        ssize_t count = read(STDIN_FILENO, &byte, 1);
        if (count == -1 && errno == EINTR)
            continue;
        if (count != 1)
            return count == 0 ? 0 : -1;
        size_t length = mbrtowc(character, &byte, 1, &state);
        if (length == (size_t)-2)
            continue;  // more bytes of the character to come
        if (length == (size_t)-1) {
            memset(&state, 0, sizeof state);  // not UTF-8: the byte is dropped
            continue;
        }
        return 1;
    }
}

static locale_t use_prompt_locale(void) {
    return prompt_locale != (locale_t)0 ? uselocale(prompt_locale) : (locale_t)0;
}

static void restore_locale(locale_t caller_locale) {
    if (caller_locale != (locale_t)0)
        uselocale(caller_locale);
}

int rb_console_setup(int history_size) {
    if (editor != NULL)
        return 0;
    prompt_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    locale_t caller_locale = use_prompt_locale();  // libedit checks the character set once
    editor = el_init("rebound", stdin, stdout, stderr);
    history_list = history_init();
    if (editor == NULL || history_list == NULL) {
        restore_locale(caller_locale);
        return -1;
    }
    HistEvent event;
    history(history_list, &event, H_SETSIZE, history_size);
    history(history_list, &event, H_SETUNIQUE, 1);
    el_set(editor, EL_SIGNAL, 0);  // the handlers below, not libedit's
    el_set(editor, EL_EDITOR, "emacs");
    el_set(editor, EL_PROMPT, prompt_text);
    el_set(editor, EL_HIST, history, history_list);
    el_wset(editor, EL_GETCFN, read_character);
    // Emacs keys leave U+0080 to U+00FF unbound (they were 8-bit Meta keys once): é, ü or ß
    // would only ring the bell.
    for (wchar_t letter = 0x80; letter <= 0xFF; letter++) {
        wchar_t key[2] = {letter, 0};
        el_wset(editor, EL_BIND, key, L"ed-insert", NULL);
    }
    el_source(editor, NULL);  // the user's ~/.editrc
    restore_locale(caller_locale);
    return 0;
}

int rb_console_load_history(const char *path) {
    HistEvent event;
    return history_list != NULL ? history(history_list, &event, H_LOAD, path) : -1;
}

int rb_console_remember(const char *line, const char *path) {
    if (history_list == NULL)
        return -1;
    HistEvent event;
    history(history_list, &event, H_ENTER, line);
    return path != NULL ? history(history_list, &event, H_SAVE, path) : 0;
}

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
    *interrupted = 0;
    if (editor == NULL)
        return NULL;
    reader = pthread_self();
    current_prompt = prompt;
    prompt_interrupted = 0;
    at_prompt = 1;
    locale_t caller_locale = use_prompt_locale();
    // Raw mode before the prompt shows: el_gets would print the prompt first, and a key typed
    // at once would meet the terminal's cooked mode (echoed twice; Ctrl-R taken as "reprint").
    el_set(editor, EL_PREP_TERM, 1);
    int count = 0;
    const char *line = el_gets(editor, &count);
    restore_locale(caller_locale);
    at_prompt = 0;
    current_prompt = "";
    *interrupted = prompt_interrupted;
    // Ctrl-C may come with the rest of the line in one read (a paste): the line is dropped.
    if (prompt_interrupted || line == NULL || count <= 0)
        return NULL;
    size_t length = strlen(line);
    if (length > 0 && line[length - 1] == '\n')
        length--;
    return strndup(line, length);
}
