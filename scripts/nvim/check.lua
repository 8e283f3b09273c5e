-- Run by test/editors/neovim.test.ts in a headless Neovim whose init.lua is docs/editors.md's snippet: opens a tests
-- file, checks the diagnostics' codes and byte columns, applies one quick fix, checks the text after it, and checks
-- that buffers of one root share one server. Exits 0 when all holds, 1 with the reason on stderr otherwise.
local root = assert(os.getenv('EWB_NVIM_ROOT'), 'EWB_NVIM_ROOT unset')
local TIMEOUT = 20000

local function say(text)
  io.stderr:write(text .. '\n')
end

local function describe(buf)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(out, string.format('%s %d:%d-%d:%d', tostring(d.code), d.lnum, d.col, d.end_lnum, d.end_col))
  end
  return table.concat(out, ', ')
end

local function of_code(buf, code)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.code == code then table.insert(found, d) end
  end
  table.sort(found, function(a, b) return a.lnum < b.lnum end)
  return found
end

-- The 0-based byte column of `needle` on 0-based line `lnum` of the buffer.
local function byte_col(buf, lnum, needle)
  local line = vim.api.nvim_buf_get_lines(buf, lnum, lnum + 1, true)[1]
  local at = string.find(line, needle, 1, true)
  assert(at, needle .. ' not on line ' .. lnum)
  return at - 1
end

local function check()
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/tests/sample.json'))
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.bo[buf].filetype == 'json', 'filetype is ' .. vim.bo[buf].filetype)
  assert(
    vim.wait(TIMEOUT, function() return #of_code(buf, 'duplicate-id') == 2 and #of_code(buf, 'method-field') == 1 end, 50),
    'no diagnostics within ' .. TIMEOUT .. ' ms: ' .. describe(buf)
  )

  -- The columns are bytes in Neovim: after Ewe letters (2 bytes), a combining accent and emoji (4 bytes) they
  -- differ from the UTF-16 columns the server counts in, so a wrong conversion lands elsewhere.
  local dups = of_code(buf, 'duplicate-id')
  for i, line in ipairs({ 1, 2 }) do
    local col = byte_col(buf, line, '"dup_01"')
    assert(dups[i].lnum == line and dups[i].col == col and dups[i].end_col == col + 8, 'duplicate-id columns: ' .. describe(buf))
  end
  local method = of_code(buf, 'method-field')[1]
  assert(method.lnum == 3 and method.col == byte_col(buf, 3, '"exact_match"'), 'method-field columns: ' .. describe(buf))

  -- The quick fix of the second duplicate, asked with the diagnostic as Neovim sends it back, then applied.
  local client = vim.lsp.get_active_clients()[1]
  local lsp_diag = nil
  for _, d in ipairs(vim.lsp.diagnostic.get_line_diagnostics(buf, 2)) do
    if d.code == 'duplicate-id' then lsp_diag = d end
  end
  assert(lsp_diag, 'no LSP diagnostic on line 2')
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, range = lsp_diag.range, context = { diagnostics = { lsp_diag } } }
  local answers = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, TIMEOUT)
  local action = nil
  for _, answer in pairs(answers or {}) do
    for _, a in ipairs(answer.result or {}) do
      if a.title:find('dup_02', 1, true) or a.title:lower():find('renumber', 1, true) then action = action or a end
    end
  end
  assert(action, 'no renumber action: ' .. vim.inspect(answers))
  if not action.edit then
    local resolved = client.request_sync('codeAction/resolve', action, TIMEOUT, buf)
    action = assert(resolved and resolved.result, 'codeAction/resolve failed')
  end
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)

  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, true)
  local text = table.concat(lines, '\n')
  local value = vim.fn.json_decode(text)
  assert(value[1].id == 'dup_01' and value[2].id ~= 'dup_01' and value[2].id:match('^dup_%d+$'), 'after the fix: ' .. text)
  assert(lines[3]:find('"prompt": "Ɣe ʋ ƒ 😀😀"', 1, true), 'the fix touched more than the id: ' .. lines[3])
  assert(vim.wait(TIMEOUT, function() return #of_code(buf, 'duplicate-id') == 0 end, 50), 'duplicates still reported: ' .. describe(buf))

  -- Another file of the same root, and the first one opened again (`:e`): still the one server.
  vim.cmd('write')
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/tests/other.json'))
  vim.cmd('edit ' .. vim.fn.fnameescape(root .. '/tests/sample.json'))
  vim.cmd('edit')
  local other = vim.fn.bufnr(root .. '/tests/other.json')
  assert(vim.wait(TIMEOUT, function() return #vim.lsp.buf_get_clients(other) >= 1 end, 50), 'other.json has no client')
  local clients = vim.lsp.get_active_clients()
  assert(#clients == 1, #clients .. ' servers for one root')
  say(string.format('nvim %s: diagnostics at byte columns, renumber applied (now %s), one server for 2 buffers', tostring(vim.version().minor), value[2].id))
end

local ok, err = pcall(check)
if ok then
  vim.cmd('qa!')
else
  say('FAIL: ' .. tostring(err))
  vim.cmd('cquit 1')
end
