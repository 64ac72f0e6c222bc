/* sw-shell-layout.c: what the shell's full screen shows, as the escapes
 * that draw it (no terminal here: the screen of sw-shell-screen.c writes
 * them, the tests read them).
 *
 * A title line, then the page, then the message and readline's prompt on
 * the last line. The page is the plot (with the model tree beside it when
 * the terminal is wide enough to hold both), the modes table, or the text
 * of the last command (help, get, events, …), wrapped at the width and
 * scrolled when longer than the page (a line at its foot says which lines
 * show and that PgUp/PgDn scroll). The message (a command's one line, an
 * error that says what is valid) is wrapped at the width and takes up to
 * half of the rows; a longer one ends in "… more" and PgDn shows it whole
 * as a text page.
 *
 * On a terminal that shows sixel images the plot is one: drawn by PLplot to
 * the pane's size in pixels, sent after the text (spaces would paint over
 * it), with the cursor saved and restored around it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <string.h>
#include <glib/gi18n.h>

#include "sw-shell-private.h"

/* Rows the page keeps however long the message. */
#define MIN_PAGE_ROWS 4
#define TREE_MIN_WIDTH 70

/* The cells text takes on a terminal: UTF-8 characters, escapes none. */
static const char *
skip_escape (const char *q, const char *end)
{
  const char *m = q + 1;

  /* CSI: ESC [ parameters final; the shell writes no other. */
  if (m < end && *m == '[')
    for (m++; m < end && !(*m >= 0x40 && *m <= 0x7e); m++)
      ;
  return m < end ? m + 1 : end;
}

/* Where a line's text column starts: after its last gap of two spaces
 * or more ("  get ID[.PARAM]      a parameter's …"), within half the width;
 * 0 when it has none. Continued lines are indented to it. */
static guint
hanging_indent (const char *p, const char *end, guint width)
{
  guint cells = 0, indent = 0, spaces = 0;

  for (const char *q = p; q < end && cells < width / 2; q = g_utf8_next_char (q))
    {
      if (*q == '\033')
        return 0;   /* drawn text (a plot): kept as it is */
      if (*q == ' ')
        spaces++;
      else
        {
          if (spaces >= 2 && cells > spaces)
            indent = cells;
          spaces = 0;
        }
      cells++;
    }
  return indent;
}

/* text's lines, each at most width cells: its own line breaks, and long
 * lines broken at the last space that fits (or at the width), continued
 * under their text column. */
static GPtrArray *
wrap_lines (const char *text, guint width)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const char *p = text;

  width = MAX (width, 1);
  while (*p != '\0')
    {
      const char *nl = strchr (p, '\n');
      const char *end = nl != NULL ? nl : p + strlen (p);
      guint indent = hanging_indent (p, end, width), margin = 0;

      do
        {
          const char *q = p, *space = NULL;
          guint cells = margin;

          while (q < end && (cells < width || *q == '\033'))
            {
              if (*q == '\033')
                {
                  q = skip_escape (q, end);
                  continue;
                }
              if (*q == ' ' && q > p)
                space = q;
              cells++;
              q = g_utf8_next_char (q);
            }
          /* Broken in a word: at its last space, when there is one. */
          if (q < end && space != NULL && *q != ' ')
            q = space;
          g_ptr_array_add (lines, g_strdup_printf ("%*s%.*s", (int) margin, "", (int) (q - p), p));
          p = q;
          while (p < end && *p == ' ')
            p++;
          margin = indent;
        }
      while (p < end);
      p = nl != NULL ? nl + 1 : end;
    }
  return lines;
}

/* Appends at most max_lines lines of text, each cut to width characters
 * (escapes do not count). */
static void
append_clipped (GString *screen, const char *text, guint width, guint max_lines, guint *used)
{
  const char *p = text;

  while (*p != '\0' && *used < max_lines)
    {
      const char *nl = strchr (p, '\n');
      const char *end = nl != NULL ? nl : p + strlen (p);
      guint cells = 0;

      for (const char *q = p; q < end;)
        {
          if (*q == '\033')
            {
              const char *m = skip_escape (q, end);

              g_string_append_len (screen, q, m - q);
              q = m;
              continue;
            }
          if (cells < width)
            g_string_append_len (screen, q, g_utf8_next_char (q) - q);
          cells++;
          q = g_utf8_next_char (q);
        }
      g_string_append (screen, "\033[K\r\n");
      (*used)++;
      p = nl != NULL ? nl + 1 : end;
    }
}

/* The tree pane: components with their key parameter, one a line; as many
 * as fit. */
static char *
dup_tree (SwShell *shell, guint height)
{
  GString *s = g_string_new (NULL);
  guint n = shell->model != NULL ? sw_model_get_n_components (shell->model) : 0;

  for (guint i = 0; i < n && i < height; i++)
    {
      const SwComponent *c = sw_model_get_component (shell->model, i);
      g_autofree char *key = NULL;
      int p = c->kind->key_param != NULL ? sw_kind_find_param (c->kind, c->kind->key_param) : -1;

      if (i + 1 == height && i + 1 < n)
        {
          g_string_append_printf (s, "%s\n", _("  …"));
          break;
        }
      if (p >= 0 && c->kind->params[p].type != SW_PARAM_SIGNAL)
        key = sw_shell_dup_quantity (c->param[p], c->kind->params[p].unit);
      g_string_append_printf (s, "%s %s%s%s\n", i + 1 < n ? "├" : "└", c->id, key != NULL ? " " : "",
                              key != NULL ? key : "");
    }
  return g_string_free (s, FALSE);
}

/* The next line of text (up to, not including, '\n'), or NULL at the end. */
static const char *
next_line (const char *p, gsize *len)
{
  const char *nl;

  if (p == NULL || *p == '\0')
    return NULL;
  nl = strchr (p, '\n');
  *len = nl != NULL ? (gsize) (nl - p) : strlen (p);
  return p;
}

/* The tree and the page side by side, line by line. */
static char *
join_tree (SwShell *shell, const char *body, guint tree_width, guint rows)
{
  g_autofree char *tree = dup_tree (shell, rows);
  const char *t = tree, *b = body;
  GString *joined = g_string_new (NULL);

  for (guint row = 0; row < rows; row++)
    {
      gsize tl = 0, bl = 0;
      const char *tline = next_line (t, &tl), *bline = next_line (b, &bl);
      g_autofree char *cell = tline != NULL ? g_strndup (tline, tl) : g_strdup ("");
      glong chars = g_utf8_strlen (cell, -1);

      if (chars > (glong) tree_width)
        *g_utf8_offset_to_pointer (cell, tree_width) = '\0', chars = tree_width;
      g_string_append (joined, cell);
      for (glong k = chars; k < (glong) tree_width; k++)
        g_string_append_c (joined, ' ');
      g_string_append (joined, "│");
      if (bline != NULL)
        g_string_append_len (joined, bline, bl);
      g_string_append_c (joined, '\n');
      t = tline != NULL ? (tline[tl] == '\n' ? tline + tl + 1 : tline + tl) : NULL;
      b = bline != NULL ? (bline[bl] == '\n' ? bline + bl + 1 : bline + bl) : NULL;
    }
  return g_string_free (joined, FALSE);
}

/* A text page: its lines from view->scroll, and a foot line saying where
 * they are when they do not all fit. */
static void
compose_text_page (GString *body, SwShellView *view, guint width, guint rows)
{
  g_autoptr (GPtrArray) lines = wrap_lines (view->page_text != NULL ? view->page_text : "", width);
  guint shown = lines->len > rows ? (rows > 1 ? rows - 1 : 1) : rows;

  view->page_lines = lines->len;
  view->page_rows = shown;
  if (lines->len <= shown)
    view->scroll = 0;
  else
    view->scroll = MIN (view->scroll, lines->len - shown);
  for (guint k = view->scroll; k < lines->len && k < view->scroll + shown; k++)
    g_string_append_printf (body, "%s\033[0m\n", (const char *) lines->pdata[k]);
  if (lines->len > shown)
    {
      guint last = MIN (view->scroll + shown, lines->len);

      for (guint k = last - view->scroll; k < shown; k++)
        g_string_append_c (body, '\n');
      g_string_append (body, "\033[7m");
      /* Translators: the foot of a long page in the shell. */
      g_string_append_printf (body, _("── lines %u–%u of %u: PgUp/PgDn scroll ──"), view->scroll + 1, last,
                              lines->len);
      g_string_append (body, "\033[0m\n");
    }
}

/* The plot as a sixel image of width × rows cells, or FALSE (braille then):
 * off, not shown by the terminal, nothing to plot, or too small. */
static gboolean
compose_sixel (SwShell *shell, GString *image, guint column, guint width, guint rows)
{
  guint cols[SW_SHELL_MAX_PLOT], n;
  /* A cell of unknown size is taken small: an image too small for its
   * pane leaves a margin, one too large would run over the prompt. */
  guint cw = shell->cell_width_px > 0 ? shell->cell_width_px : 6;
  guint ch = shell->cell_height_px > 0 ? shell->cell_height_px : 12;
  g_autoptr (GString) sixel = g_string_new (NULL);

  if (!shell->interactive || !shell->sixel_supported || shell->sixel_off || shell->trajectory == NULL
      || (n = sw_shell_get_plot_columns (shell, cols)) == 0)
    return FALSE;
  if (!sw_shell_plot_sixel_append (sixel, shell->trajectory, cols, n, width * cw, rows * ch, shell->stale,
                                   shell->dark_background, NULL))
    return FALSE;
  /* Row 2 (under the title), the pane's first column; the cursor where
   * it was afterwards, on the prompt. */
  g_string_append_printf (image, "\0337\033[2;%uH", column + 1);
  g_string_append_len (image, sixel->str, sixel->len);
  g_string_append (image, "\0338");
  return TRUE;
}

void
sw_shell_layout_compose (SwShell *shell, SwShellView *view, guint width, guint height, GString *screen)
{
  g_autoptr (GString) body = g_string_new (NULL);
  g_autoptr (GString) image = g_string_new (NULL);
  g_autoptr (GPtrArray) message = wrap_lines (view->message != NULL ? view->message : "", width);
  g_autofree char *title = NULL;
  guint used = 0, body_height, tree_width, message_lines, max_message;

  g_string_append (screen, "\033[H");
  /* The message takes up to half the rows (at least 3), what is left of
   * them beyond the page's least; a longer one ends in "… more". */
  max_message = height > 2 + MIN_PAGE_ROWS ? MAX (3, MIN ((height - 2) / 2, height - 2 - MIN_PAGE_ROWS)) : 1;
  view->more = message->len > max_message;
  message_lines = MAX (1, MIN (message->len, max_message));
  body_height = height > 2 + message_lines ? height - 2 - message_lines : 1;
  title = g_strdup_printf ("Shaftwork shell — %s%s%s", shell->model != NULL ? sw_model_get_name (shell->model)
                                                                             : _("no model (open FILE)"),
                           shell->model != NULL && sw_history_get_modified (shell->history) ? _(" (modified)") : "",
                           shell->stale ? _("  STALE") : "");
  g_string_append (screen, "\033[7m");
  append_clipped (screen, title, width, 1, &used);
  g_string_insert (screen, screen->len - strlen ("\033[K\r\n"), "\033[K\033[0m");
  /* The page. */
  tree_width = view->page == SW_SHELL_PAGE_PLOT && width >= TREE_MIN_WIDTH ? MIN (26, width / 3) : 0;
  if (view->page == SW_SHELL_PAGE_PLOT && shell->trajectory != NULL)
    {
      guint pane = width - tree_width - (tree_width > 0 ? 1 : 0);

      if (!compose_sixel (shell, image, width - pane, pane, body_height))
        {
          shell->plot_width = pane;
          shell->plot_height = body_height;
          sw_shell_append_plot (shell);
        }
    }
  else if (view->page == SW_SHELL_PAGE_MODES && shell->modes != NULL)
    sw_shell_modes_append (shell->out, shell->modes, shell->unicode, shell->stale);
  else if (view->page == SW_SHELL_PAGE_TEXT)
    compose_text_page (shell->out, view, width, body_height);
  else
    g_string_append (shell->out, shell->stale_reason != NULL ? shell->stale_reason
                                                              : _("No results yet: open a model, then run."));
  g_string_assign (body, shell->out->str);
  g_string_truncate (shell->out, 0);
  if (tree_width > 0)
    {
      g_autofree char *joined = join_tree (shell, body->str, tree_width, body_height);

      g_string_assign (body, joined);
    }
  append_clipped (screen, body->str, width, 1 + body_height, &used);
  while (used < 1 + body_height)
    append_clipped (screen, " ", width, 1 + body_height, &used);
  /* The message: the command's first line, or its error. */
  if (view->failed)
    g_string_append (screen, shell->color ? "\033[1;31m" : "\033[1m");
  for (guint k = 0; k < message_lines; k++)
    {
      guint lines = 0;

      if (view->more && k + 1 == message_lines)
        {
          g_autofree char *more = g_strdup_printf ("\033[0;7m%s\033[0m", _("… more: PgDn shows the whole message"));

          append_clipped (screen, more, width, 1, &lines);
        }
      else
        {
          const char *line = k < message->len ? message->pdata[k] : "";

          /* An empty line is a line too. */
          append_clipped (screen, line[0] != '\0' ? line : " ", width, 1, &lines);
        }
    }
  if (view->failed)
    g_string_insert (screen, screen->len - strlen ("\033[K\r\n"), "\033[0m");
  g_string_append (screen, "\033[K\033[J");
  g_string_append_len (screen, image->str, image->len);
}
