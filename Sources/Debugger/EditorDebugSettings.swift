/// The debug configurations `rebound new` writes for editors, by path in the project: Neovim's
/// (nvim-dap) and VS Code's.
public enum EditorDebugSettings {
    public static let files = [".vscode/launch.json": visualStudioCode, ".nvim.lua": neovim]

    /// Neovim's debugger (nvim-dap) for `rebound run --debug`: `rebound dap` relays the
    /// project's debug socket (`.rebound/debug.sock`, the user's own) to nvim-dap as an
    /// executable adapter. Neovim reads the file with `:set exrc` (it asks once whether to
    /// trust it).
    static let neovim = """
        -- nvim-dap and `rebound run --debug`: the debugger of the running program, through its socket.
        local ok, dap = pcall(require, "dap")
        if ok then
          dap.adapters.rebound = { type = "executable", command = "rebound", args = { "dap", vim.fn.getcwd() } }
          dap.configurations.lua = {
            { type = "rebound", request = "attach", name = "Rebound: attach (rebound run --debug)" },
            { type = "rebound", request = "launch", name = "Rebound: launch (start the program again under the debugger)" },
          }
        end

        """

    /// VS Code's debug configurations: VS Code reaches a debugger of its own only on a TCP
    /// port (`debugServer`), so these go with `rebound run --debug-address 127.0.0.1:4711`,
    /// and ask for the run's token, which `rebound run` prints. The `lua` type only has to be
    /// known to VS Code, which a Lua debugger extension such as lua-debug makes it.
    static let visualStudioCode = """
        {
          "version": "0.2.0",
          "configurations": [
            {
              "name": "Rebound: attach (rebound run --debug-address 127.0.0.1:\(DebugAddress.defaultPort))",
              "type": "lua",
              "request": "attach",
              "debugServer": \(DebugAddress.defaultPort),
              "token": "${input:reboundDebugToken}"
            },
            {
              "name": "Rebound: launch (start the program again under the debugger)",
              "type": "lua",
              "request": "launch",
              "debugServer": \(DebugAddress.defaultPort),
              "token": "${input:reboundDebugToken}"
            }
          ],
          "inputs": [
            {
              "id": "reboundDebugToken",
              "type": "promptString",
              "description": "The token rebound run printed (also in .rebound/debug-token)",
              "password": true
            }
          ]
        }

        """
}
