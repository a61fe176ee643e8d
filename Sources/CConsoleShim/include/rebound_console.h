#ifndef REBOUND_CONSOLE_H
#define REBOUND_CONSOLE_H

/// Sets up libedit's editor and a history of `history_size` lines, once before the first
/// prompt; returns -1 when libedit cannot start. libedit's own signal handling stays off: its
/// handlers would take Ctrl-C from the commands and re-raise it to the whole process group.
int rb_console_setup(int history_size);

/// Reads the history saved at `path` (libedit's format); -1 when there is none.
int rb_console_load_history(const char *path);

/// Adds `line` to the history, and saves the history at `path` unless it is NULL; -1 when the
/// history could not be saved.
int rb_console_remember(const char *line, const char *path);

/// Ctrl-C (SIGINT) and SIGTERM for an interactive console, in place of the commands' usual
/// handling. At the prompt, Ctrl-C drops the line being typed (rb_console_readline returns
/// NULL with *interrupted set) and SIGTERM ends the process. While a chunk runs, the first
/// signal writes its number as a byte to `wake` (the command then interrupts the chunk), or
/// ends the process when `wake` is -1; a second one ends the process at once (128 + signal).
/// Between a chunk and the next prompt, Ctrl-C does nothing (the terminal drops what was typed
/// ahead).
/// The handler is installed without SA_RESTART, so the prompt's read returns.
void rb_console_take_signals(int wake);

/// A chunk starts running: the signals counted so far are forgotten.
void rb_console_will_run(void);

/// The chunk is done.
void rb_console_did_run(void);

/// Reads a line at `prompt`, in UTF-8, without its newline; NULL at the end of input. With
/// rb_console_take_signals, Ctrl-C ends the line being edited: the result is NULL and
/// *interrupted is 1. The caller frees a line it gets.
char *rb_console_readline(const char *prompt, int *interrupted);

#endif
