/* sw-cli-modal-json.c: `modal --json`, N modes by N bodies of text (116 MB
 * for a chain of 1 000), written at memory speed.
 *
 * One buffer, sized once for the largest mode (every key and number has a
 * bounded length), takes a mode at a time and goes to stdout in one
 * write(2), not through stdio; numbers are the shortest text that reads
 * back, laid out as json-glib lays out a double (sw-number-json.h: null for
 * nan and inf), a body's or section's numbers made together
 * (SwJsonNumbers); keys are escaped once. Each mode's values and most
 * excitable section are computed as it is written, once (sw_cli_modal).
 * The text is json-glib's pretty printer's but for digits past the
 * shortest (tests compare).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include "sw-cli-private.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sw-linear-friction.h"
#include "sw-number-json.h"

/* A number with its ",\n" ("-1.2345678901234567e-308" is 24), and the
 * room sw_format_double_json() needs past it. */
#define NUMBER_MAX (SW_NUMBER_JSON_BUF_SIZE + 2)

typedef struct {
  char    *start, *p;
  gsize    size;
  gboolean utf8;
  int      write_errno;   /* of the first write that failed (a full disk) */
} Text;

static inline void
put (Text *t, const char *s, gsize len)
{
  memcpy (t->p, s, len);
  t->p += len;
}

#define PUT(t, literal) put ((t), "" literal, sizeof (literal) - 1)

static void
put_double (Text *t, double v)
{
  t->p += sw_format_double_json (t->p, v);
}

/* At most 6 bytes a byte of text, and the quotes. */
static gsize
string_bound (const char *text)
{
  return 6 * strlen (text) + 2;
}

static void
put_string (Text *t, const char *text)
{
  *t->p++ = '"';
  for (const char *c = text; *c; c++)
    {
      if (*c == '"' || *c == '\\')
        *t->p++ = '\\', *t->p++ = *c;
      else if ((guchar) *c < 0x20)
        t->p += g_snprintf (t->p, 7, "\\u%04x", (guint) (guchar) *c);
      else
        *t->p++ = *c;
    }
  *t->p++ = '"';
}

static void
put_member (Text *t, const char *indent, const char *name)
{
  put (t, indent, strlen (indent));
  put_string (t, name);
  PUT (t, " : ");
}

/* A mode's member named by a literal of plain ASCII (nothing to escape):
 * its text a constant, copied (1 000 modes of 14 members each). */
#define MEMBER(t, name) PUT ((t), "      \"" name "\" : ")

static void
flush (Text *t)
{
  g_assert (t->p <= t->start + t->size);
  if (t->utf8)
    {
      /* Straight to the descriptor, a mode (100 kB or more) in one write:
       * stdio would copy its ends through its own 4 kB buffer and write
       * twice. */
      const char *p = t->start;
      gsize left = t->p - t->start;

      while (left > 0 && t->write_errno == 0)
        {
          gssize n = write (STDOUT_FILENO, p, left);

          if (n < 0 && errno == EINTR)
            continue;
          if (n <= 0)
            t->write_errno = n < 0 ? errno : EIO;   /* nothing more is written */
          else
            p += n, left -= n;
        }
    }
  else
    {
      *t->p = '\0';
      g_print ("%s", t->start);   /* converts to the locale's charset */
    }
  t->p = t->start;
}

/* Keys up to this long are copied as one block of it (no call to memcpy
 * for every number); the text after a key is written over the rest. */
#define KEY_COPY 32

/* The keys of a keyed object ("        \"id\" : "), made once. */
typedef struct {
  guint  n;
  char  *text;     /* all keys, one after another */
  guint *start;    /* n + 1 offsets into text */
} Keys;

static void
keys_init (Keys *k, SwModes *modes, gboolean sections)
{
  guint n = sections ? sw_modes_get_n_sections (modes) : sw_modes_get_n_bodies (modes);
  gsize size = 0;
  Text t;

  for (guint i = 0; i < n; i++)
    size += 2 + 8 + string_bound ((sections ? sw_modes_get_section_part (modes, i) : sw_modes_get_body_part (modes, i))->id)
            + 3;
  k->n = n;
  /* KEY_COPY bytes of slack: a key is copied as a block of that size. */
  k->text = t.start = t.p = g_malloc0 (size + KEY_COPY);
  k->start = g_new (guint, n + 1);
  for (guint i = 0; i < n; i++)
    {
      k->start[i] = t.p - t.start;
      /* The previous number's comma and line end come with the key. */
      if (i > 0)
        PUT (&t, ",\n");
      put_member (&t, "        ",
                  (sections ? sw_modes_get_section_part (modes, i) : sw_modes_get_body_part (modes, i))->id);
    }
  k->start[n] = t.p - t.start;
}

static void
keys_clear (Keys *k)
{
  g_free (k->text);
  g_free (k->start);
}

/* Bytes of a keyed object of those keys, at most. */
static gsize
keyed_bound (const Keys *k)
{
  return 64 + KEY_COPY + k->start[k->n] + (gsize) k->n * NUMBER_MAX;
}

/* An object of numbers keyed by ids, after its member's name; their
 * digits made together first (numbers holds keys->n). */
static void
put_keyed (Text *t, const Keys *keys, const double *values, SwJsonNumbers *numbers)
{
  if (keys->n == 0)
    {
      PUT (t, "{      },\n");
      return;
    }
  PUT (t, "{\n");
  sw_json_numbers_prepare (numbers, values, keys->n);
  {
    /* Locals: the text's stores (chars) could alias the fields otherwise,
     * which would be read again after each. */
    const SwJsonNumbers digits = *numbers;
    const char *text = keys->text;
    const guint *start = keys->start;
    guint n = keys->n;
    char *p = t->p;

    for (guint k = 0; k < n; k++)
      {
        gsize len = start[k + 1] - start[k];

        if (len <= KEY_COPY)
          memcpy (p, text + start[k], KEY_COPY);
        else
          memcpy (p, text + start[k], len);
        p += len;
        p += sw_json_numbers_write (&digits, k, values[k], p);
      }
    t->p = p;
  }
  PUT (t, "\n      },\n");
}

gboolean
sw_cli_modal_json (SwModes *modes, const char *name, gboolean utf8)
{
  guint nb = sw_modes_get_n_bodies (modes), ns = sw_modes_get_n_sections (modes), n = sw_modes_get_n_modes (modes);
  g_autofree double *shape = g_new (double, MAX (nb, 1));
  g_autofree double *kin = g_new (double, MAX (nb, 1));
  g_autofree double *pot = g_new (double, MAX (ns, 1));
  g_autofree double *kinetic = g_new (double, MAX (nb, 1));
  g_autofree double *potential = g_new (double, MAX (ns, 1));
  const char *note = sw_modes_get_note (modes);
  gsize head, per_mode, longest_section = 0;
  Keys body_keys, section_keys;
  SwJsonNumbers numbers;
  Text t = { .utf8 = utf8 };

  keys_init (&body_keys, modes, FALSE);
  keys_init (&section_keys, modes, TRUE);
  sw_json_numbers_init (&numbers, MAX (nb, ns));
  for (guint s = 0; s < ns; s++)
    longest_section = MAX (longest_section, string_bound (sw_modes_get_section_part (modes, s)->id));
  head = 512 + string_bound (name) + string_bound (sw_modes_get_solver (modes))
         + string_bound (sw_modes_get_damped_solver (modes)) + (note != NULL ? string_bound (note) : 0);
  per_mode = 1024 + 2 * keyed_bound (&body_keys) + keyed_bound (&section_keys) + longest_section;
  t.size = MAX (head, per_mode);
  t.start = t.p = g_malloc (t.size + 1);
  fflush (stdout);   /* anything stdio holds goes first */

  PUT (&t, "{\n");
  put_member (&t, "  ", "model"), put_string (&t, name), PUT (&t, ",\n");
  put_member (&t, "  ", "at_time"), put_double (&t, sw_modes_get_time (modes)), PUT (&t, ",\n");
  put_member (&t, "  ", "solver"), put_string (&t, sw_modes_get_solver (modes)), PUT (&t, ",\n");
  put_member (&t, "  ", "damped_solver"), put_string (&t, sw_modes_get_damped_solver (modes));
  PUT (&t, ",\n");
  put_member (&t, "  ", "friction");
  put_string (&t, sw_linear_friction_to_string (sw_modes_get_friction (modes)));
  PUT (&t, ",\n");
  put_member (&t, "  ", "note");
  if (note != NULL)
    put_string (&t, note);
  else
    PUT (&t, "null");
  PUT (&t, ",\n");
  put_member (&t, "  ", "modes");
  if (n > 0)
    PUT (&t, "[\n");
  else
    PUT (&t, "[]\n");
  flush (&t);
  for (guint i = 0; i < n; i++)
    {
      SwMode mode;
      const SwMode *m = &mode;

      /* The most excitable section comes with the values (sw_cli_modal). */
      sw_modes_get_mode_with_values (modes, i, &mode, shape, NULL, kinetic, kin, potential, pot);
      PUT (&t, "    {\n");
      MEMBER (&t, "index"), t.p += g_snprintf (t.p, 16, "%u,\n", i + 1);
      MEMBER (&t, "frequency_hz"), put_double (&t, m->frequency_hz), PUT (&t, ",\n");
      MEMBER (&t, "omega_rad_s"), put_double (&t, m->omega_rad_s), PUT (&t, ",\n");
      MEMBER (&t, "rigid_body");
      if (m->rigid_body)
        PUT (&t, "true,\n");
      else
        PUT (&t, "false,\n");
      MEMBER (&t, "damped_frequency_hz");
      put_double (&t, m->has_damped ? m->damped_frequency_hz : NAN), PUT (&t, ",\n");
      MEMBER (&t, "damping_ratio");
      put_double (&t, m->has_damped ? m->damping_ratio : NAN), PUT (&t, ",\n");
      MEMBER (&t, "decay_rate_per_s");
      put_double (&t, m->has_damped ? m->decay_rate_per_s : NAN), PUT (&t, ",\n");
      MEMBER (&t, "overdamped");
      if (m->overdamped)
        PUT (&t, "true,\n");
      else
        PUT (&t, "false,\n");
      MEMBER (&t, "unstable");
      if (m->unstable)
        PUT (&t, "true,\n");
      else
        PUT (&t, "false,\n");
      MEMBER (&t, "growth_rate_per_s");
      put_double (&t, m->unstable ? m->growth_rate_per_s : 0), PUT (&t, ",\n");
      MEMBER (&t, "shape"), put_keyed (&t, &body_keys, shape, &numbers);
      MEMBER (&t, "kinetic_energy_percent"), put_keyed (&t, &body_keys, kin, &numbers);
      MEMBER (&t, "potential_energy_percent"), put_keyed (&t, &section_keys, pot, &numbers);
      MEMBER (&t, "most_excitable_section");
      if (m->most_excitable_section >= 0)
        put_string (&t, sw_modes_get_section_part (modes, m->most_excitable_section)->id);
      else
        PUT (&t, "null");
      PUT (&t, ",\n");
      MEMBER (&t, "most_excitable_is_tie");
      if (m->most_excitable_is_tie)
        PUT (&t, "true\n");
      else
        PUT (&t, "false\n");
      if (i + 1 < n)
        PUT (&t, "    },\n");
      else
        PUT (&t, "    }\n");
      flush (&t);
    }
  if (n > 0)
    PUT (&t, "  ]\n");
  PUT (&t, "}\n");
  flush (&t);
  g_free (t.start);
  keys_clear (&body_keys);
  keys_clear (&section_keys);
  sw_json_numbers_clear (&numbers);
  errno = t.write_errno;
  return t.write_errno == 0;
}
