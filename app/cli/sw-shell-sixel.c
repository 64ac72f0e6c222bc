/* sw-shell-sixel.c: images on a terminal that shows sixel graphics.
 *
 * Sixel (DEC's graphics in a DCS string, ESC P … q … ESC \) paints columns
 * of six pixels at a time: a band of six rows is sent colour by colour,
 * each column a character 63 + its six bits (bit 0 the top row), "!N"
 * repeating one N times, "$" back to the band's start for the next colour,
 * "-" down to the next band. Colours are registers "#i;2;r;g;b" in percent.
 * The shell's plot is drawn without anti-aliasing, so it has only the
 * palette's dozen colours (page, text, grid, curves), which are sent
 * exactly and make long runs (anti-aliased, it had some 17 000 shades,
 * five times the bytes and three to four times the time). Any image: up
 * to 256 distinct colours are sent exactly, beyond that the 256 most
 * frequent are kept and every other pixel takes the nearest of them
 * (searched once for colours within 8 levels of each other).
 *
 * Whether a terminal shows sixel is asked, never assumed: Primary Device
 * Attributes (DA1, ESC [ c) is answered by every VT100-like terminal with
 * ESC [ ? Ps ; … c, and 4 among the parameters means sixel graphics. The
 * size of a character cell in pixels (XTWINOPS ESC [ 16 t, answered
 * ESC [ 6 ; height ; width t) is asked first, so that DA1's answer, which
 * always comes, ends the wait for both. The background colour (OSC 11,
 * ESC ] 11 ; ? ESC \, answered ESC ] 11 ; rgb:RRRR/GGGG/BBBB) is asked in
 * the same round: on a dark one the plot is drawn in the dark palette
 * rather than as a white block. A terminal that does not know OSC 11 says
 * nothing, and the plot stays light.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later */
#include <errno.h>
#include <stddef.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "sw-shell-private.h"
#include "sw-error.h"
#include "sw-cli-draw.h"

#define MAX_COLORS 256

/* ---- the encoder ---------------------------------------------------------- */

typedef struct {
  guint32 rgb;
  guint   count;
} ColorCount;

static int
by_count_descending (gconstpointer a, gconstpointer b)
{
  const ColorCount *x = a, *y = b;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return x->rgb < y->rgb ? -1 : x->rgb > y->rgb;
}

static guint
distance2 (guint32 a, guint32 b)
{
  int dr = (int) ((a >> 16) & 0xff) - (int) ((b >> 16) & 0xff);
  int dg = (int) ((a >> 8) & 0xff) - (int) ((b >> 8) & 0xff);
  int db = (int) (a & 0xff) - (int) (b & 0xff);

  return (guint) (dr * dr + dg * dg + db * db);
}

/* The palette (in the order colours first appear, when they all fit) and
 * each pixel's index in it. */
static guint
make_palette (const guint32 *pixels, guint width, guint height, gsize stride, guint32 *palette, guint8 *index)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);   /* rgb + 1 → order + 1 */
  g_autoptr (GArray) counts = g_array_new (FALSE, FALSE, sizeof (ColorCount));
  guint32 last_rgb = G_MAXUINT32;
  gpointer order = NULL;
  guint n;

  /* Runs of one colour (the page) are most of an image: looked up once. */
  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      {
        guint32 rgb = pixels[y * stride + x] & 0xffffff;

        if (rgb != last_rgb)
          order = g_hash_table_lookup (seen, GUINT_TO_POINTER (rgb + 1));
        last_rgb = rgb;
        if (order == NULL)
          {
            ColorCount c = { rgb, 0 };

            g_array_append_val (counts, c);
            order = GUINT_TO_POINTER (counts->len);
            g_hash_table_insert (seen, GUINT_TO_POINTER (rgb + 1), order);
          }
        g_array_index (counts, ColorCount, GPOINTER_TO_UINT (order) - 1).count++;
      }
  if (counts->len > MAX_COLORS)
    {
      /* The most frequent colours; the rest to the nearest of them. */
      g_array_sort (counts, by_count_descending);
      g_hash_table_remove_all (seen);
      for (guint k = 0; k < MAX_COLORS; k++)
        g_hash_table_insert (seen, GUINT_TO_POINTER (g_array_index (counts, ColorCount, k).rgb + 1),
                             GUINT_TO_POINTER (k + 1));
      /* The search is shared by colours within a few levels of each
       * other (a cube of 8 × 8 × 8 levels): thousands of anti-aliased
       * shades would each search the 256 otherwise. */
      g_autofree guint16 *near = g_new0 (guint16, 1u << 15);   /* best + 1, 0 not searched */

      for (guint k = MAX_COLORS; k < counts->len; k++)
        {
          guint32 rgb = g_array_index (counts, ColorCount, k).rgb;
          guint cube = (rgb >> 9 & 0x7c00) | (rgb >> 6 & 0x3e0) | (rgb >> 3 & 0x1f);

          if (near[cube] == 0)
            {
              guint best = 0, best_d = G_MAXUINT;

              for (guint j = 0; j < MAX_COLORS; j++)
                {
                  guint d = distance2 (rgb, g_array_index (counts, ColorCount, j).rgb);

                  if (d < best_d)
                    best = j, best_d = d;
                }
              near[cube] = (guint16) (best + 1);
            }
          g_hash_table_insert (seen, GUINT_TO_POINTER (rgb + 1), GUINT_TO_POINTER ((guint) near[cube]));
        }
    }
  n = MIN (counts->len, MAX_COLORS);
  for (guint k = 0; k < n; k++)
    palette[k] = g_array_index (counts, ColorCount, k).rgb;
  last_rgb = G_MAXUINT32;
  for (guint y = 0; y < height; y++)
    for (guint x = 0; x < width; x++)
      {
        guint32 rgb = pixels[y * stride + x] & 0xffffff;

        if (rgb != last_rgb)
          order = g_hash_table_lookup (seen, GUINT_TO_POINTER (rgb + 1));
        last_rgb = rgb;
        index[y * width + x] = (guint8) (GPOINTER_TO_UINT (order) - 1);
      }
  return n;
}

/* A number in decimal: printf's machinery costs more than the rest of a
 * run's bytes, and there is one per run and colour of every band. */
static void
append_decimal (GString *out, guint value)
{
  char digits[12];
  guint n = 0;

  do
    digits[n++] = (char) ('0' + value % 10);
  while ((value /= 10) != 0);
  while (n > 0)
    g_string_append_c (out, digits[--n]);
}

static void
append_run (GString *out, char c, guint count)
{
  /* "!N" is shorter from four on. */
  if (count >= 4)
    {
      g_string_append_c (out, '!');
      append_decimal (out, count);
      g_string_append_c (out, c);
    }
  else
    for (guint k = 0; k < count; k++)
      g_string_append_c (out, c);
}

void
sw_shell_sixel_append (GString *out, const guint32 *pixels, guint width, guint height, gsize stride)
{
  g_autofree guint8 *index = NULL, *bits = NULL;
  guint32 palette[MAX_COLORS];
  guint n_colors;

  g_return_if_fail (out != NULL);
  g_return_if_fail (pixels != NULL || width * height == 0);
  g_return_if_fail (stride >= width);

  index = g_new (guint8, MAX ((gsize) width * height, 1));
  n_colors = make_palette (pixels, width, height, stride, palette, index);
  bits = g_new (guint8, MAX ((gsize) n_colors * width, 1));
  /* Pixels 1:1 (raster attributes), zero bits left as they are. */
  g_string_append_printf (out, "\033P0;1;0q\"1;1;%u;%u", width, height);
  for (guint k = 0; k < n_colors; k++)
    g_string_append_printf (out, "#%u;2;%u;%u;%u", k, (((palette[k] >> 16) & 0xff) * 100 + 127) / 255,
                            (((palette[k] >> 8) & 0xff) * 100 + 127) / 255, ((palette[k] & 0xff) * 100 + 127) / 255);
  for (guint y0 = 0; y0 < height; y0 += 6)
    {
      guint rows = MIN (6, height - y0);
      gboolean first = TRUE;
      guint from[MAX_COLORS], to[MAX_COLORS];

      /* Each colour's six bits per column, and where in the band it is: a
       * colour of an edge's anti-aliasing spans a few columns, and only
       * those are written. */
      for (guint c = 0; c < n_colors; c++)
        from[c] = G_MAXUINT, to[c] = 0;
      for (guint r = 0; r < rows; r++)
        for (guint x = 0; x < width; x++)
          {
            guint c = index[(y0 + r) * width + x];

            if (from[c] == G_MAXUINT)
              memset (bits + (gsize) c * width, 0, width);
            bits[(gsize) c * width + x] |= (guint8) (1u << r);
            from[c] = MIN (from[c], x);
            to[c] = MAX (to[c], x);
          }
      for (guint c = 0; c < n_colors; c++)
        {
          const guint8 *column = bits + (gsize) c * width;
          char run_char = 0;
          guint run = 0, blank = from[c];

          if (from[c] == G_MAXUINT)
            continue;
          if (!first)
            g_string_append_c (out, '$');
          first = FALSE;
          g_string_append_c (out, '#');
          append_decimal (out, c);
          /* Columns before from[c] are empty; after to[c] left out. */
          for (guint x = from[c]; x <= to[c]; x++)
            {
              char ch = (char) (63 + column[x]);

              if (ch == run_char)
                {
                  run++;
                  continue;
                }
              /* Empty columns are written only when something follows. */
              if (run_char == '?')
                blank += run;
              else
                {
                  append_run (out, '?', blank);
                  blank = 0;
                  append_run (out, run_char, run);
                }
              run_char = ch, run = 1;
            }
          append_run (out, '?', blank);
          append_run (out, run_char, run);
        }
      /* No "-" after the last band: the cursor stays on the image. */
      if (y0 + 6 < height)
        g_string_append_c (out, '-');
    }
  g_string_append (out, "\033\\");
}

/* ---- what the terminal says ------------------------------------------------ */

/* The parameters of a control sequence ESC [ (prefix) P;P;… final at p (at
 * ESC), and where it ends; FALSE when it is incomplete or another. */
static gboolean
read_csi (const char *p, const char *end, char prefix, char final, guint *params, guint max, guint *n,
          const char **after)
{
  const char *q = p + 2;

  if (end - p < 3 || p[0] != '\033' || p[1] != '[')
    return FALSE;
  if (prefix != 0)
    {
      if (*q != prefix)
        return FALSE;
      q++;
    }
  *n = 0;
  while (q < end)
    {
      if (g_ascii_isdigit (*q))
        {
          guint v = 0;

          for (; q < end && g_ascii_isdigit (*q); q++)
            v = MIN (v * 10 + (guint) (*q - '0'), 100000u);
          if (*n < max)
            params[*n] = v;
          (*n)++;
          continue;
        }
      if (*q == ';')
        {
          q++;
          continue;
        }
      if (*q == final)
        {
          *after = q + 1;
          return TRUE;
        }
      return FALSE;
    }
  return FALSE;
}

/* One channel of an X11 colour spec, 1 to 4 hex digits, as 0 … 1; the
 * digits end at the returned pointer, NULL when there are none. */
static const char *
read_channel (const char *p, const char *end, double *value)
{
  guint v = 0, digits = 0;

  for (; p < end && digits < 5 && g_ascii_isxdigit (*p); p++, digits++)
    v = v * 16 + (guint) g_ascii_xdigit_value (*p);
  if (digits == 0 || digits > 4)
    return NULL;
  *value = v / (double) ((1u << (4 * digits)) - 1);
  return p;
}

/* ESC ] 11 ; rgb:R/G/B then BEL or ESC \ at p: the colour's relative
 * luminance (ITU-R BT.709 weights, on the terminal's values as sent),
 * and where it ends; FALSE when incomplete or another. */
static gboolean
read_background (const char *p, const char *end, double *luminance, const char **after)
{
  static const char prefix[] = "\033]11;rgb:";
  double rgb[3];
  const char *q = p + sizeof prefix - 1;

  if (end - p < (ptrdiff_t) (sizeof prefix - 1) || memcmp (p, prefix, sizeof prefix - 1) != 0)
    return FALSE;
  for (guint k = 0; k < 3; k++)
    {
      if (k > 0)
        {
          if (q >= end || *q != '/')
            return FALSE;
          q++;
        }
      if (!(q = read_channel (q, end, &rgb[k])))
        return FALSE;
    }
  if (q < end && *q == '\a')
    *after = q + 1;
  else if (end - q >= 2 && q[0] == '\033' && q[1] == '\\')
    *after = q + 2;
  else
    return FALSE;
  *luminance = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
  return TRUE;
}

gboolean
sw_shell_terminal_parse_reply (const char *reply, gsize len, SwShellTerminal *terminal)
{
  const char *end = reply + len;
  gboolean have_da1 = FALSE;

  g_return_val_if_fail (reply != NULL || len == 0, FALSE);
  g_return_val_if_fail (terminal != NULL, FALSE);

  *terminal = (SwShellTerminal) { 0 };
  for (const char *p = reply; p < end; p++)
    {
      guint params[32], n;
      const char *after;

      if (*p != '\033')
        continue;   /* keys typed meanwhile, or noise */
      if (read_csi (p, end, '?', 'c', params, G_N_ELEMENTS (params), &n, &after))
        {
          have_da1 = TRUE;
          for (guint k = 1; k < MIN (n, G_N_ELEMENTS (params)); k++)
            if (params[k] == 4)
              terminal->sixel = TRUE;
          p = after - 1;
        }
      else if (read_csi (p, end, 0, 't', params, G_N_ELEMENTS (params), &n, &after))
        {
          /* 6;height;width: the cell; sane sizes only. */
          if (n == 3 && params[0] == 6 && params[1] >= 4 && params[1] <= 200 && params[2] >= 2 && params[2] <= 100)
            terminal->cell_height_px = params[1], terminal->cell_width_px = params[2];
          p = after - 1;
        }
      else
        {
          double luminance;

          if (read_background (p, end, &luminance, &after))
            {
              terminal->background_known = TRUE;
              terminal->background_dark = luminance < 0.5;
              p = after - 1;
            }
        }
    }
  return have_da1;
}

gboolean
sw_shell_terminal_query (int in_fd, int out_fd, guint timeout_ms, SwShellTerminal *terminal)
{
  static const char query[] = "\033[16t\033]11;?\033\\\033[c";
  struct termios saved, raw;
  char reply[512];
  gsize len = 0;
  gint64 deadline;
  gboolean answered = FALSE;

  g_return_val_if_fail (terminal != NULL, FALSE);

  *terminal = (SwShellTerminal) { 0 };
  if (tcgetattr (in_fd, &saved) != 0)
    return FALSE;
  /* No echo and no line buffering while the answer comes, and the
   * terminal as it was afterwards, whatever happened. */
  raw = saved;
  raw.c_lflag &= ~(ICANON | ECHO);
  raw.c_cc[VMIN] = 0;
  raw.c_cc[VTIME] = 0;
  if (tcsetattr (in_fd, TCSANOW, &raw) != 0)
    return FALSE;
  if (write (out_fd, query, sizeof query - 1) == (ssize_t) (sizeof query - 1))
    {
      deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
      while (!answered && len < sizeof reply)
        {
          gint64 left = deadline - g_get_monotonic_time ();
          struct pollfd pfd = { in_fd, POLLIN, 0 };
          ssize_t got;
          int ready;

          if (left <= 0)
            break;
          ready = poll (&pfd, 1, (int) ((left + 999) / 1000));
          if (ready < 0 && errno == EINTR)
            continue;
          if (ready <= 0 || (pfd.revents & POLLIN) == 0)
            break;
          got = read (in_fd, reply + len, sizeof reply - len);
          if (got < 0 && errno == EINTR)
            continue;
          if (got <= 0)
            break;
          len += (gsize) got;
          answered = sw_shell_terminal_parse_reply (reply, len, terminal);
        }
    }
  tcsetattr (in_fd, TCSANOW, &saved);
  if (!answered)
    *terminal = (SwShellTerminal) { 0 };
  return answered;
}

/* ---- the plot as an image -------------------------------------------------- */

gboolean
sw_shell_plot_sixel_append (GString *out, const SwTrajectory *tr, const guint *columns, guint n, guint width_px,
                            guint height_px, gboolean stale, gboolean dark, GError **error)
{
  const SwCliDraw *draw;
  cairo_surface_t *image;

  g_return_val_if_fail (out != NULL && tr != NULL, FALSE);

  draw = sw_cli_draw (error);
  if (draw == NULL)
    return FALSE;
  image = draw->draw_image (tr, columns, n,
                            stale ? _("STALE: the model changed or failed to run; the last good results") : NULL,
                            NULL, SW_PLOT_IMAGE_ALIASED | (dark ? SW_PLOT_IMAGE_DARK : 0),
                            _("the terminal plot"), (int) width_px, (int) height_px, error);
  if (image == NULL)
    return FALSE;
  sw_shell_sixel_append (out, (const guint32 *) draw->image_get_data (image),
                         (guint) draw->image_get_width (image), (guint) draw->image_get_height (image),
                         (gsize) draw->image_get_stride (image) / 4);
  draw->surface_destroy (image);
  return TRUE;
}
