/* sw-modelica-tokens.c: Modelica text into tokens (spaces and comments
 * skipped, line and column kept), the parser's errors at a token, dotted
 * names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-modelica-private.h"
#include "sw-modelica-parse-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include "sw-error.h"

/* ---- Tokens ------------------------------------------------------------- */


void
_sw_mo_parse_fail (Parser *ps, guint line, guint column, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  if (ps->error != NULL)
    return;
  va_start (args, format);
  message = _sw_mo_dup_message (format, args);
  va_end (args);
  g_set_error (&ps->error, SW_ERROR, SW_ERROR_PARSE, "%s:%u:%u: error: %s", ps->name, line, column, message);
}

/* The message, cut past 4 kB at a character: it quotes names, which may be
 * megabytes long (“end x;” closes “xxx…”: a 10 MB message, hos26). */
char *
_sw_mo_dup_message (const char *format, va_list args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);
  gsize cut = 4096;

  if (strlen (message) <= cut)
    return g_steal_pointer (&message);
  while (cut > 0 && (message[cut] & 0xc0) == 0x80)
    cut--;
  message[cut] = '\0';
  return g_strconcat (message, "…", NULL);
}

static void
skip_space (Parser *ps)
{
  while (ps->p < ps->end)
    {
      if (*ps->p == '\n')
        {
          ps->line++;
          ps->line_start = ++ps->p;
        }
      else if (g_ascii_isspace (*ps->p))
        ps->p++;
      else if (ps->p + 1 < ps->end && ps->p[0] == '/' && ps->p[1] == '/')
        while (ps->p < ps->end && *ps->p != '\n')
          ps->p++;
      else if (ps->p + 1 < ps->end && ps->p[0] == '/' && ps->p[1] == '*')
        {
          guint line = ps->line, column = (guint) (ps->p - ps->line_start) + 1;

          ps->p += 2;
          while (ps->p + 1 < ps->end && !(ps->p[0] == '*' && ps->p[1] == '/'))
            {
              if (*ps->p == '\n')
                {
                  ps->line++;
                  ps->line_start = ps->p + 1;
                }
              ps->p++;
            }
          if (ps->p + 1 >= ps->end)
            _sw_mo_parse_fail (ps, line, column, _("the comment “/*” is not closed: “*/” is missing"));
          ps->p = MIN (ps->p + 2, ps->end);
        }
      else
        break;
    }
}

/* A number is echoed in messages: 10 MB of digits made a 10 MB message.
 * (A name is not limited: the export writes a .shaft model's ids, of any
 * length; its messages are cut instead, _sw_mo_dup_message.) */
#define MAX_TOKEN_CHARS 1024

static gboolean
too_long (Parser *ps, const char *start, const char *what)
{
  if (ps->p - start <= MAX_TOKEN_CHARS)
    return FALSE;
  _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("%s of more than %d characters; valid: at most %d"), what,
                     MAX_TOKEN_CHARS, MAX_TOKEN_CHARS);
  return TRUE;
}

void
_sw_mo_parse_next (Parser *ps)
{
  static const char *const two[] = { "<=", ">=", "==", "<>", ":=", ".+", ".-", ".*", "./", ".^" };
  const char *start;
  Token *t = &ps->tok;

  g_clear_pointer (&t->text, g_free);
  skip_space (ps);
  t->line = ps->line;
  t->column = (guint) (ps->p - ps->line_start) + 1;
  if (ps->p >= ps->end)
    {
      t->kind = T_END;
      return;
    }
  start = ps->p;
  if (g_ascii_isalpha (*ps->p) || *ps->p == '_')
    {
      while (ps->p < ps->end && (g_ascii_isalnum (*ps->p) || *ps->p == '_'))
        ps->p++;
      t->kind = T_IDENT;
      t->text = g_strndup (start, ps->p - start);
    }
  else if (g_ascii_isdigit (*ps->p) || (*ps->p == '.' && ps->p + 1 < ps->end && g_ascii_isdigit (ps->p[1])))
    {
      g_autofree char *text = NULL;
      char *stop;

      while (ps->p < ps->end && (g_ascii_isdigit (*ps->p) || *ps->p == '.'))
        ps->p++;
      if (ps->p < ps->end && (*ps->p == 'e' || *ps->p == 'E'))
        {
          ps->p++;
          if (ps->p < ps->end && (*ps->p == '+' || *ps->p == '-'))
            ps->p++;
          while (ps->p < ps->end && g_ascii_isdigit (*ps->p))
            ps->p++;
        }
      text = g_strndup (start, MIN (ps->p - start, MAX_TOKEN_CHARS));
      t->kind = T_NUMBER;
      t->number = 0;
      if (too_long (ps, start, _("a number")))
        return;
      t->number = g_ascii_strtod (text, &stop);
      if (*stop != '\0')
        _sw_mo_parse_fail (ps, t->line, t->column, _("“%s” is not a number"), text);
      else if (!isfinite (t->number))
        _sw_mo_parse_fail (ps, t->line, t->column, _("“%s” is too large for a number (at most about 1.8e308)"), text);
      else if (t->number == 0.0 && strcspn (text, "123456789") < strcspn (text, "eE"))
        /* A nonzero mantissa read as 0: 1e-400 would be a massless inertia. */
        _sw_mo_parse_fail (ps, t->line, t->column,
                           _("“%s” is too small for a number and would read as 0; valid: 0, or magnitudes from 2.3e-308"), text);
    }
  else if (*ps->p == '"')
    {
      GString *s = g_string_new (NULL);

      for (ps->p++; ps->p < ps->end && *ps->p != '"'; ps->p++)
        {
          if (*ps->p == '\\' && ps->p + 1 < ps->end)
            {
              /* Modelica's escapes; the others stand for their character. */
              ps->p++;
              g_string_append_c (s, *ps->p == 'n' ? '\n' : *ps->p == 't' ? '\t' : *ps->p);
              continue;
            }
          if (*ps->p == '\n')
            {
              ps->line++;
              ps->line_start = ps->p + 1;
            }
          g_string_append_c (s, *ps->p);
        }
      if (ps->p >= ps->end)
        _sw_mo_parse_fail (ps, t->line, t->column, _("a string is not closed"));
      ps->p++;
      t->kind = T_STRING;
      t->text = g_string_free (s, FALSE);
    }
  else if ((guchar) *ps->p >= 0x80)
    {
      /* Outside strings and comments Modelica is ASCII (its names are
       * letters a-z, A-Z, digits and _): a character beyond is refused,
       * quoted whole (the text is valid UTF-8, checked before). */
      const char *after = g_utf8_find_next_char (ps->p, ps->end);

      ps->p = after != NULL ? after : ps->end;
      t->kind = T_SYMBOL;
      t->text = g_strndup (start, ps->p - start);
      _sw_mo_parse_fail (ps, t->line, t->column,
                         _("“%s” is not allowed here: Modelica names are ASCII letters, digits and “_”, not starting with a "
                           "digit (other characters only in strings and comments)"), t->text);
    }
  else
    {
      t->kind = T_SYMBOL;
      for (guint k = 0; k < G_N_ELEMENTS (two); k++)
        if (ps->p + 1 < ps->end && ps->p[0] == two[k][0] && ps->p[1] == two[k][1])
          {
            t->text = g_strdup (two[k]);
            ps->p += 2;
            return;
          }
      t->text = g_strndup (ps->p, 1);
      ps->p++;
    }
}

gboolean
_sw_mo_parse_is (Parser *ps, const char *symbol_or_keyword)
{
  return (ps->tok.kind == T_SYMBOL || ps->tok.kind == T_IDENT) && strcmp (ps->tok.text, symbol_or_keyword) == 0;
}

gboolean
_sw_mo_parse_accept (Parser *ps, const char *text)
{
  if (!_sw_mo_parse_is (ps, text))
    return FALSE;
  _sw_mo_parse_next (ps);
  return TRUE;
}

const char *
_sw_mo_parse_describe (Parser *ps)
{
  switch (ps->tok.kind)
    {
    case T_END:
      return _("the end of the file");
    case T_STRING:
      return _("a string");
    case T_NUMBER:
      return _("a number");
    default:
      return ps->tok.text;
    }
}

gboolean
_sw_mo_parse_expect (Parser *ps, const char *text)
{
  if (_sw_mo_parse_accept (ps, text))
    return TRUE;
  _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("expected “%s”, not “%s”"), text, _sw_mo_parse_describe (ps));
  return FALSE;
}

/* A dotted name; NULL (and an error) when there is none. */
char *
_sw_mo_parse_name (Parser *ps)
{
  GString *s;

  _sw_mo_parse_accept (ps, ".");   /* a name from the top package */
  if (ps->tok.kind != T_IDENT)
    {
      _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("expected a name, not “%s”"), _sw_mo_parse_describe (ps));
      return NULL;
    }
  s = g_string_new (ps->tok.text);
  _sw_mo_parse_next (ps);
  while (_sw_mo_parse_is (ps, ".") && ps->error == NULL)
    {
      _sw_mo_parse_next (ps);
      if (ps->tok.kind != T_IDENT)
        {
          _sw_mo_parse_fail (ps, ps->tok.line, ps->tok.column, _("expected a name after “.”, not “%s”"), _sw_mo_parse_describe (ps));
          break;
        }
      g_string_append_printf (s, ".%s", ps->tok.text);
      _sw_mo_parse_next (ps);
    }
  return g_string_free (s, FALSE);
}
