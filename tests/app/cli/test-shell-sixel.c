/* test-shell-sixel.c: the shell's sixel images and how it asks a terminal
 * whether it shows them.
 *
 * The encoder against hand-written bytes for a 2 × 6 image (the format as
 * DEC's VT330/VT340 manual describes it: "1;1;W;H raster attributes,
 * #i;2;r;g;b colours in percent, characters 63 + six bits with the top row
 * in bit 0, $ back to the band's start, - to the next band, !N repeats),
 * and against a minimal decoder written here on larger images (every
 * pixel back, exactly, when there are at most 256 colours; the nearest of
 * the 256 kept beyond). The parser of the terminal's answers (DA1 with and
 * without 4, the cell size, garbage, incomplete answers), and the query on
 * a pseudo-terminal this test opens and plays the terminal of: an answer
 * with 4, one without, none (the timeout), the terminal's mode restored.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#define _GNU_SOURCE
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <glib.h>

#include "sw-shell-private.h"
#include "sw-error.h"
#include "sw-plot-draw.h"

/* ---- a minimal decoder ---------------------------------------------------- */

typedef struct {
  guint    width, height;
  guint32 *pixels;    /* 0xRRGGBB in percent per channel (0–100), or G_MAXUINT32 unpainted */
  guint    n_registers;
  guint32  registers[256];
} Decoded;

static void
decoded_clear (Decoded *d)
{
  g_free (d->pixels);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Decoded, decoded_clear)

static guint
read_number (const char **p)
{
  guint v = 0;

  while (g_ascii_isdigit (**p))
    v = v * 10 + (guint) (*(*p)++ - '0');
  return v;
}

/* Decodes one DCS … q … ST; asserts on anything the encoder should not
 * write. */
static void
decode (const char *sixel, Decoded *d)
{
  guint32 registers[256] = { 0 };
  const char *p = sixel;
  guint x = 0, band = 0, color = 0;

  *d = (Decoded) { 0 };
  g_assert_true (g_str_has_prefix (p, "\033P"));
  p = strchr (p, 'q');
  g_assert_nonnull (p);
  p++;
  g_assert_cmpint (*p, ==, '"');
  p++;
  g_assert_cmpuint (read_number (&p), ==, 1);
  g_assert_cmpint (*p++, ==, ';');
  g_assert_cmpuint (read_number (&p), ==, 1);
  g_assert_cmpint (*p++, ==, ';');
  d->width = read_number (&p);
  g_assert_cmpint (*p++, ==, ';');
  d->height = read_number (&p);
  d->pixels = g_new (guint32, MAX (d->width * d->height, 1));
  memset (d->pixels, 0xff, sizeof (guint32) * MAX (d->width * d->height, 1));
  while (!g_str_has_prefix (p, "\033\\"))
    {
      g_assert_cmpint (*p, !=, '\0');
      if (*p == '#')
        {
          p++;
          color = read_number (&p);
          g_assert_cmpuint (color, <, 256);
          if (*p == ';')
            {
              guint r, g, b;

              p++;
              g_assert_cmpuint (read_number (&p), ==, 2);
              g_assert_cmpint (*p++, ==, ';');
              r = read_number (&p);
              g_assert_cmpint (*p++, ==, ';');
              g = read_number (&p);
              g_assert_cmpint (*p++, ==, ';');
              b = read_number (&p);
              g_assert_cmpuint (MAX (r, MAX (g, b)), <=, 100);
              registers[color] = d->registers[color] = r << 16 | g << 8 | b;
              d->n_registers = MAX (d->n_registers, color + 1);
            }
          continue;
        }
      if (*p == '$')
        {
          x = 0, p++;
          continue;
        }
      if (*p == '-')
        {
          x = 0, band++, p++;
          continue;
        }
      {
        guint count = 1, bits;

        if (*p == '!')
          {
            p++;
            count = read_number (&p);
            g_assert_cmpuint (count, >=, 1);
          }
        g_assert_cmpint (*p, >=, 63);
        g_assert_cmpint (*p, <=, 126);
        bits = (guint) (*p++ - 63);
        for (guint k = 0; k < count; k++, x++)
          for (guint r = 0; r < 6; r++)
            if (bits & (1u << r))
              {
                g_assert_cmpuint (x, <, d->width);
                g_assert_cmpuint (band * 6 + r, <, d->height);
                d->pixels[(band * 6 + r) * d->width + x] = registers[color];
              }
      }
    }
  g_assert_cmpstr (p, ==, "\033\\");
}

static guint32
percent (guint32 rgb)
{
  guint r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff;

  return ((r * 100 + 127) / 255) << 16 | ((g * 100 + 127) / 255) << 8 | ((b * 100 + 127) / 255);
}

/* ---- the encoder ---------------------------------------------------------- */

static void
test_encode_2x6 (void)
{
  /* Column 0: red over white, three rows each; column 1: white. */
  const guint32 red = 0xffff0000, white = 0xffffffff;
  const guint32 pixels[12] = { red, white, red, white, red, white, white, white, white, white, white, white };
  g_autoptr (GString) out = g_string_new (NULL);

  sw_shell_sixel_append (out, pixels, 2, 6, 2);
  /* Red (first seen) is #0, white #1. Red's band: column 0 bits 0–2 (7,
   * 'F'), column 1 empty and left out; white's: column 0 bits 3–5 (56,
   * 'w'), column 1 all six (63, '~'). */
  g_assert_cmpstr (out->str, ==, "\033P0;1;0q\"1;1;2;6#0;2;100;0;0#1;2;100;100;100#0F$#1w~\033\\");
}

static void
test_encode_runs (void)
{
  /* One row of 9 pixels: 5 blue, 4 black; two bands need "-". */
  guint32 pixels[9 * 7];
  g_autoptr (GString) out = g_string_new (NULL);

  for (guint y = 0; y < 7; y++)
    for (guint x = 0; x < 9; x++)
      pixels[y * 9 + x] = x < 5 ? 0xff0000ff : 0xff000000;
  sw_shell_sixel_append (out, pixels, 9, 7, 9);
  g_assert_cmpstr (out->str, ==, "\033P0;1;0q\"1;1;9;7#0;2;0;0;100#1;2;0;0;0#0!5~$#1!5?!4~-#0!5@$#1!5?!4@\033\\");
}

static void
test_encode_decode_exact (void)
{
  const guint w = 37, h = 13, stride = 40;
  g_autofree guint32 *pixels = g_new0 (guint32, stride * h);
  g_autoptr (GString) out = g_string_new (NULL);
  g_auto (Decoded) d;
  GRand *rand = g_rand_new_with_seed (27);

  /* Bands of 6 and a partial one, runs and single pixels, 12 colours. */
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      {
        guint c = (x / 5 + y / 3) % 8;

        if (g_rand_int_range (rand, 0, 10) == 0)
          c = 8 + g_rand_int_range (rand, 0, 4);
        pixels[y * stride + x] = 0xff000000 | (c * 0x151e07u & 0xffffff);
      }
  g_rand_free (rand);
  sw_shell_sixel_append (out, pixels, w, h, stride);
  decode (out->str, &d);
  g_assert_cmpuint (d.width, ==, w);
  g_assert_cmpuint (d.height, ==, h);
  g_assert_cmpuint (d.n_registers, ==, 12);
  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      g_assert_cmphex (d.pixels[y * w + x], ==, percent (pixels[y * stride + x]));
}

static guint
distance2 (guint32 a, guint32 b)
{
  int dr = (int) (a >> 16 & 0xff) - (int) (b >> 16 & 0xff), dg = (int) (a >> 8 & 0xff) - (int) (b >> 8 & 0xff);
  int db = (int) (a & 0xff) - (int) (b & 0xff);

  return (guint) (dr * dr + dg * dg + db * db);
}

static void
test_encode_many_colors (void)
{
  /* 100 greys on 18 rows, and some 300 rarer colours on 2: 256 registers,
   * the frequent greys exact, every rare pixel a register near its colour
   * (the nearest one, within a cube of 8 levels a side and the percent's
   * rounding). */
  const guint w = 500, h = 20;
  g_autofree guint32 *pixels = g_new (guint32, w * h);
  g_autoptr (GString) out = g_string_new (NULL);
  g_auto (Decoded) d;

  for (guint y = 0; y < h; y++)
    for (guint x = 0; x < w; x++)
      {
        guint v = y < 18 ? x % 100 : 100 + (x % 400) * 155 / 400, blue = y < 18 ? v : MIN (v + (x % 400) / 200, 255u);

        pixels[y * w + x] = 0xff000000 | v << 16 | v << 8 | blue;
      }
  sw_shell_sixel_append (out, pixels, w, h, w);
  decode (out->str, &d);
  g_assert_cmpuint (d.n_registers, ==, 256);
  for (guint i = 0; i < w * h; i++)
    {
      guint32 want = percent (pixels[i]), got = d.pixels[i];
      guint nearest = G_MAXUINT;

      g_assert_cmphex (got, !=, G_MAXUINT32);
      if (i < 18 * w)
        {
          g_assert_cmphex (got, ==, want);
          continue;
        }
      for (guint k = 0; k < d.n_registers; k++)
        nearest = MIN (nearest, distance2 (want, d.registers[k]));
      /* Colours within 8 levels share their search: up to 8/255 of
       * 100 % per channel further than the nearest. */
      g_assert_cmpuint (distance2 (want, got), <=, nearest + 3 * 4 * 4 + 3);
    }
}

static void
test_plot_image (void)
{
  char *names[] = { "a.w", "b.tau", NULL };
  char *units[] = { "rad/s", "N.m", NULL };
  SwTrajectory *tr = sw_trajectory_new (g_strdupv (names), g_strdupv (units));
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  const SwPlotColors *colors = sw_plot_colors_light ();
  guint cols[] = { 0, 1 }, background = 0, curve = 0;
  guint32 first_curve;
  g_auto (Decoded) d;

  for (guint i = 0; i <= 200; i++)
    {
      double t = i / 200.0, v[2] = { 100 * t, 50 * sin (6 * t) };

      sw_trajectory_append_row (tr, t, v);
    }
  g_assert_true (sw_shell_plot_sixel_append (out, tr, cols, 2, 530, 420, FALSE, FALSE, &error));
  g_assert_no_error (error);
  decode (out->str, &d);
  g_assert_cmpuint (d.width, ==, 530);
  g_assert_cmpuint (d.height, ==, 420);
  /* Every pixel painted, most of them the page, some in the first
   * curve's colour (PLplot's drawing as the PNG files have it). */
  first_curve = percent (colors->curves[0][0] << 16 | colors->curves[0][1] << 8 | colors->curves[0][2]);
  for (guint i = 0; i < d.width * d.height; i++)
    {
      g_assert_cmphex (d.pixels[i], !=, G_MAXUINT32);
      background += d.pixels[i] == percent (colors->background[0] << 16 | colors->background[1] << 8
                                            | colors->background[2]);
      curve += d.pixels[i] == first_curve;
    }
  g_assert_cmpuint (background, >, d.width * d.height / 2);
  g_assert_cmpuint (curve, >, 100);
  /* Without anti-aliasing the image has only the palette's few colours
   * (page, text, grid, two curves…), each sent exactly: no more
   * registers than the palette has entries. */
  g_assert_cmpuint (d.n_registers, <=, 4 + SW_PLOT_N_COLORS);

  /* On a dark terminal: the dark page, and the first curve in its dark
   * palette's colour. */
  {
    const SwPlotColors *dark = sw_plot_colors_dark ();
    g_auto (Decoded) e;

    g_string_truncate (out, 0);
    g_assert_true (sw_shell_plot_sixel_append (out, tr, cols, 2, 530, 420, FALSE, TRUE, &error));
    g_assert_no_error (error);
    decode (out->str, &e);
    background = curve = 0;
    first_curve = percent (dark->curves[0][0] << 16 | dark->curves[0][1] << 8 | dark->curves[0][2]);
    for (guint i = 0; i < e.width * e.height; i++)
      {
        background += e.pixels[i] == percent (dark->background[0] << 16 | dark->background[1] << 8
                                              | dark->background[2]);
        curve += e.pixels[i] == first_curve;
      }
    g_assert_cmpuint (background, >, e.width * e.height / 2);
    g_assert_cmpuint (curve, >, 100);
  }
  /* Too small for two panels and a legend: an error, nothing written. */
  g_string_truncate (out, 0);
  g_assert_false (sw_shell_plot_sixel_append (out, tr, cols, 2, 100, 60, FALSE, FALSE, &error));
  g_assert_error (error, SW_ERROR, SW_ERROR_INVALID);
  g_assert_cmpuint (out->len, ==, 0);
  sw_trajectory_unref (tr);
}

/* ---- the terminal's answers --------------------------------------------- */

static void
test_parse_reply (void)
{
  static const struct {
    const char *reply;
    gboolean    complete, sixel;
    guint       cell_w, cell_h;
  } cases[] = {
    { "\033[?62;4;22c", TRUE, TRUE, 0, 0 },                  /* xterm -ti vt340, foot, mlterm */
    { "\033[?63;1;2;3;4;6;8;9;15;16;29c", TRUE, TRUE, 0, 0 }, /* a VT340's own */
    { "\033[?1;2c", TRUE, FALSE, 0, 0 },                     /* xterm, tmux 3.3 */
    { "\033[?65;1;9c", TRUE, FALSE, 0, 0 },                  /* VTE */
    { "\033[?4;6c", TRUE, FALSE, 0, 0 },                     /* a VT132: 4 is its class, not sixel */
    { "\033[?62;44c", TRUE, FALSE, 0, 0 },                   /* 44 is not 4 */
    { "\033[6;20;10t\033[?62;4c", TRUE, TRUE, 10, 20 },      /* the cell size first */
    { "ls\r\033[6;17;8t junk\033[?64;22;4c", TRUE, TRUE, 8, 17 },   /* typed keys and noise around */
    { "\033[6;0;0t\033[?62;4c", TRUE, TRUE, 0, 0 },          /* a nonsense cell size ignored */
    { "\033[6;20;10t", FALSE, FALSE, 10, 20 },               /* no DA1 (yet) */
    { "\033[?62;4", FALSE, TRUE, 0, 0 },                     /* cut short */
    { "\033[?6x;4c", FALSE, FALSE, 0, 0 },                   /* garbage inside */
    { "\033[62;4c", FALSE, FALSE, 0, 0 },                    /* DA1 of a request, not an answer */
    { "garbage", FALSE, FALSE, 0, 0 },
    { "", FALSE, FALSE, 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SwShellTerminal t;
      gboolean complete = sw_shell_terminal_parse_reply (cases[i].reply, strlen (cases[i].reply), &t);

      g_test_message ("reply %u", i);
      g_assert_cmpint (complete, ==, cases[i].complete);
      if (complete)
        g_assert_cmpint (t.sixel, ==, cases[i].sixel);
      else
        g_assert_false (t.sixel && !cases[i].sixel);
      g_assert_cmpuint (t.cell_width_px, ==, cases[i].cell_w);
      g_assert_cmpuint (t.cell_height_px, ==, cases[i].cell_h);
    }
}

/* The background colour (OSC 11) in the same round as DA1: dark or
 * light by its luminance, any of 1 to 4 hex digits, BEL or ST at the end;
 * nothing assumed from a broken or missing answer. */
static void
test_parse_background (void)
{
  static const struct {
    const char *reply;
    gboolean    known, dark;
  } cases[] = {
    { "\033]11;rgb:1e1e/1e1e/1e1e\033\\\033[?62;4c", TRUE, TRUE },    /* GNOME's dark, ST */
    { "\033]11;rgb:ffff/ffff/ffff\a\033[?62;4c", TRUE, FALSE },         /* white, BEL */
    { "\033]11;rgb:00/00/00\033\\\033[?62;4c", TRUE, TRUE },          /* two digits */
    { "\033]11;rgb:f/f/f\033\\\033[?62;4c", TRUE, FALSE },            /* one digit */
    { "\033]11;rgb:fdfd/f6f6/e3e3\033\\\033[?62;4c", TRUE, FALSE },   /* solarized light */
    { "\033]11;rgb:0000/2b2b/3636\033\\\033[?62;4c", TRUE, TRUE },    /* solarized dark */
    { "\033]11;rgb:0000/ffff/0000\033\\\033[?62;4c", TRUE, FALSE },   /* green is bright: luminance 0.72 */
    { "\033]11;rgb:ffff/0000/ffff\033\\\033[?62;4c", TRUE, TRUE },    /* magenta: 0.28 */
    { "\033[6;20;10t\033]11;rgb:1e1e/1e1e/1e1e\033\\\033[?62;4c", TRUE, TRUE },
    { "\033[?62;4c", FALSE, FALSE },                                     /* not answered */
    { "\033]11;rgb:1e1e/1e1e\033\\\033[?62;4c", FALSE, FALSE },       /* two channels */
    { "\033]11;rgb:1e1e1/0/0\033\\\033[?62;4c", FALSE, FALSE },       /* five digits */
    { "\033]11;rgb:1e1e/1e1e/1e1e\033[?62;4c", FALSE, FALSE },          /* no end */
    { "\033]11;rgb:gg/00/00\033\\\033[?62;4c", FALSE, FALSE },        /* not hex */
    { "\033]10;rgb:0000/0000/0000\033\\\033[?62;4c", FALSE, FALSE },  /* the foreground */
    { "\033]11;rgb:0000/0000/00", FALSE, FALSE },                        /* cut short */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      SwShellTerminal t;
      gboolean complete = sw_shell_terminal_parse_reply (cases[i].reply, strlen (cases[i].reply), &t);

      g_test_message ("reply %u", i);
      g_assert_cmpint (complete, ==, strstr (cases[i].reply, "\033[?62;4c") != NULL);
      g_assert_cmpint (t.background_known, ==, cases[i].known);
      g_assert_cmpint (t.background_dark, ==, cases[i].dark);
      if (complete)
        g_assert_true (t.sixel);
    }
}

/* A pseudo-terminal: this test is the terminal on the master side. */
typedef struct {
  int         master, slave;
  const char *answer;   /* NULL: never answers */
  GString    *asked;
} Pty;

static gpointer
play_terminal (gpointer data)
{
  Pty *p = data;
  char buf[256];

  /* Reads what the shell asks until its DA1 (ESC [ c) has come. */
  while (strstr (p->asked->str, "\033[c") == NULL)
    {
      struct pollfd pfd = { p->master, POLLIN, 0 };
      ssize_t got;

      if (poll (&pfd, 1, 2000) <= 0)
        return NULL;
      got = read (p->master, buf, sizeof buf);
      if (got <= 0)
        return NULL;
      g_string_append_len (p->asked, buf, got);
    }
  if (p->answer != NULL)
    g_assert_cmpint (write (p->master, p->answer, strlen (p->answer)), ==, (ssize_t) strlen (p->answer));
  return NULL;
}

static void
pty_open (Pty *p, const char *answer)
{
  *p = (Pty) { posix_openpt (O_RDWR | O_NOCTTY), -1, answer, g_string_new (NULL) };
  g_assert_cmpint (p->master, >=, 0);
  g_assert_cmpint (grantpt (p->master), ==, 0);
  g_assert_cmpint (unlockpt (p->master), ==, 0);
  p->slave = open (ptsname (p->master), O_RDWR | O_NOCTTY);
  g_assert_cmpint (p->slave, >=, 0);
}

static void
pty_close (Pty *p)
{
  close (p->slave);
  close (p->master);
  g_string_free (p->asked, TRUE);
}

static void
query_full (const char *answer, guint timeout_ms, gboolean expect_answered, gboolean expect_sixel, guint cell_w,
            gboolean expect_dark)
{
  Pty p;
  SwShellTerminal t;
  struct termios before, after;
  GThread *thread;
  gint64 start;
  gboolean answered;

  pty_open (&p, answer);
  g_assert_cmpint (tcgetattr (p.slave, &before), ==, 0);
  thread = g_thread_new ("terminal", play_terminal, &p);
  start = g_get_monotonic_time ();
  answered = sw_shell_terminal_query (p.slave, p.slave, timeout_ms, &t);
  g_thread_join (thread);
  g_assert_cmpint (answered, ==, expect_answered);
  g_assert_cmpint (t.sixel, ==, expect_sixel);
  g_assert_cmpuint (t.cell_width_px, ==, cell_w);
  g_assert_cmpint (t.background_known && t.background_dark, ==, expect_dark);
  /* Asked for the cell size and the background first, then DA1. */
  g_assert_cmpstr (p.asked->str, ==, "\033[16t\033]11;?\033\\\033[c");
  /* No answer: given up after the timeout (and not much later). */
  if (!expect_answered)
    g_assert_cmpint (g_get_monotonic_time () - start, >=, (gint64) timeout_ms * 1000);
  /* The terminal's mode as it was: echo and lines again. */
  g_assert_cmpint (tcgetattr (p.slave, &after), ==, 0);
  g_assert_cmphex (after.c_lflag, ==, before.c_lflag);
  g_assert_cmpint (after.c_cc[VMIN], ==, before.c_cc[VMIN]);
  pty_close (&p);
}

static void
query (const char *answer, guint timeout_ms, gboolean expect_answered, gboolean expect_sixel, guint cell_w)
{
  query_full (answer, timeout_ms, expect_answered, expect_sixel, cell_w, FALSE);
}

static void
test_query_dark (void)
{
  query_full ("\033[6;20;10t\033]11;rgb:1e1e/1e1e/1e1e\033\\\033[?62;4;22c", 2000, TRUE, TRUE, 10, TRUE);
  query_full ("\033[6;20;10t\033]11;rgb:ffff/ffff/ffff\a\033[?62;4;22c", 2000, TRUE, TRUE, 10, FALSE);
}

static void
test_query_sixel (void)
{
  query ("\033[6;20;10t\033[?62;4;22c", 2000, TRUE, TRUE, 10);
}

static void
test_query_no_sixel (void)
{
  query ("\033[?1;2c", 2000, TRUE, FALSE, 0);
}

static void
test_query_garbage (void)
{
  /* Only noise comes back: no DA1 answer, so nothing is assumed. */
  query ("\033[?1;2", 150, FALSE, FALSE, 0);
}

static void
test_query_timeout (void)
{
  query (NULL, 150, FALSE, FALSE, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/shell/sixel/encode-2x6", test_encode_2x6);
  g_test_add_func ("/shell/sixel/encode-runs", test_encode_runs);
  g_test_add_func ("/shell/sixel/encode-decode-exact", test_encode_decode_exact);
  g_test_add_func ("/shell/sixel/encode-many-colors", test_encode_many_colors);
  g_test_add_func ("/shell/sixel/plot-image", test_plot_image);
  g_test_add_func ("/shell/terminal/parse-reply", test_parse_reply);
  g_test_add_func ("/shell/terminal/parse-background", test_parse_background);
  g_test_add_func ("/shell/terminal/query-sixel", test_query_sixel);
  g_test_add_func ("/shell/terminal/query-dark", test_query_dark);
  g_test_add_func ("/shell/terminal/query-no-sixel", test_query_no_sixel);
  g_test_add_func ("/shell/terminal/query-garbage", test_query_garbage);
  g_test_add_func ("/shell/terminal/query-timeout", test_query_timeout);
  return g_test_run ();
}
