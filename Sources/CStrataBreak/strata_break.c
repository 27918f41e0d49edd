#include "strata_break.h"

#include <stdio.h>
#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utf16.h>
#include <thai/thbrk.h>
#include <thai/thwbrk.h>

// Opening a line iterator loads and compiles its rules (hundreds of microseconds); each thread keeps one
// and only sets new text on it. An iterator is not safe to share between threads.
static _Thread_local UBreakIterator *thread_iterator;

static UBreakIterator *line_iterator(void) {
    if (thread_iterator == NULL) {
        UErrorCode status = U_ZERO_ERROR;
        // The root locale: no language tailoring, so the locale of the machine never changes a layout.
        UBreakIterator *it = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
        if (U_FAILURE(status)) {
            if (it != NULL) ubrk_close(it);
            return NULL;
        }
        thread_iterator = it;
    }
    return thread_iterator;
}

// libthai's breaker holds its dictionary (libthai-data's trie); one per thread, as ICU's iterator. NULL when
// the dictionary cannot be loaded: Thai then keeps ICU's own dictionary breaks.
static _Thread_local ThBrk *thread_thai;
static _Thread_local int thread_thai_tried;

static ThBrk *thai_breaker(void) {
    if (!thread_thai_tried) {
        thread_thai_tried = 1;
        thread_thai = th_brk_new(NULL);
    }
    return thread_thai;
}

// The Thai letters, vowels, tone marks and digits libthai segments (TIS-620's range).
static int is_thai(uint32_t c) { return c >= 0x0E01 && c <= 0x0E5B; }

// Within each run of Thai characters, the breaks Pango makes: libthai's word boundaries (Pango 1.50's
// break-thai.c adds them to UAX #14, under which Thai, class SA, has none). Where the run ends stays ICU's.
// Runs are segmented in pieces of at most `thai_piece` characters, so libthai's work stays linear in the
// text (its search is per piece); a piece ends at ICU's last break before the limit when it has one.
enum { thai_piece = 1024 };

static void thai_word_breaks(const uint32_t *scalars, int32_t count, int8_t *kinds) {
    ThBrk *brk = thai_breaker();
    if (brk == NULL) return;
    thwchar_t piece[thai_piece + 1];
    int positions[thai_piece];
    int32_t i = 0;
    while (i < count) {
        if (!is_thai(scalars[i])) { i++; continue; }
        int32_t end = i;
        while (end < count && is_thai(scalars[end]) && end - i < thai_piece) end++;
        if (end < count && is_thai(scalars[end])) {
            // Cut a long run where ICU would break, so no word is split between two pieces.
            for (int32_t k = end - 1; k > i + thai_piece / 2; k--)
                if (kinds[k - 1] == STRATA_BREAK_ALLOWED) { end = k; break; }
        }
        int32_t length = end - i;
        for (int32_t k = 0; k < length; k++) piece[k] = (thwchar_t)scalars[i + k];
        piece[length] = 0;
        for (int32_t k = i; k < end - 1; k++)
            if (kinds[k] == STRATA_BREAK_ALLOWED) kinds[k] = STRATA_BREAK_NONE;
        int found = th_brk_wc_find_breaks(brk, piece, positions, thai_piece);
        for (int f = 0; f < found; f++) {
            int p = positions[f];
            // A break before position p of the piece: never before a mark (it stays with its base).
            if (p <= 0 || p >= length) continue;
            int8_t type = u_charType((UChar32)piece[p]);
            if (type == U_NON_SPACING_MARK || type == U_COMBINING_SPACING_MARK || type == U_ENCLOSING_MARK) continue;
            kinds[i + p - 1] = STRATA_BREAK_ALLOWED;
        }
        i = end;
    }
}

static uint32_t scalar_or_replacement(uint32_t c) {
    return (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) ? 0xFFFD : c;
}

int strata_line_breaks(const uint32_t *scalars, int32_t count, int8_t *kinds) {
    if (count <= 0) return 0;
    for (int32_t i = 0; i < count; i++) kinds[i] = STRATA_BREAK_NONE;
    kinds[count - 1] = STRATA_BREAK_MANDATORY;
    if (count > INT32_MAX / 2 - 1) return -1;

    // ICU reads UTF-16; `owner[u]` is the scalar whose code units include unit u.
    UChar *units = malloc(sizeof(UChar) * (size_t)count * 2);
    int32_t *owner = malloc(sizeof(int32_t) * (size_t)count * 2);
    if (units == NULL || owner == NULL) { free(units); free(owner); return -1; }
    int32_t length = 0;
    for (int32_t i = 0; i < count; i++) {
        uint32_t c = scalar_or_replacement(scalars[i]);
        if (c > 0xFFFF) {
            units[length] = U16_LEAD(c); owner[length++] = i;
            units[length] = U16_TRAIL(c); owner[length++] = i;
        } else {
            units[length] = (UChar)c; owner[length++] = i;
        }
    }

    int result = -1;
    UBreakIterator *it = line_iterator();
    if (it != NULL) {
        UErrorCode status = U_ZERO_ERROR;
        ubrk_setText(it, units, length, &status);
        if (U_SUCCESS(status)) {
            // A boundary at unit p is a break after the scalar that ends at unit p - 1.
            for (int32_t p = ubrk_following(it, 0); p != UBRK_DONE; p = ubrk_next(it)) {
                if (p <= 0 || p > length) continue;
                int32_t i = owner[p - 1];
                int hard = ubrk_getRuleStatus(it) >= UBRK_LINE_HARD;
                kinds[i] = (hard || i == count - 1) ? STRATA_BREAK_MANDATORY : STRATA_BREAK_ALLOWED;
            }
            result = 0;
        }
        // Drop the reference to `units` before they are freed.
        static const UChar empty[1] = {0};
        UErrorCode ignored = U_ZERO_ERROR;
        ubrk_setText(it, empty, 0, &ignored);
    }
    free(units);
    free(owner);
    if (result == 0) thai_word_breaks(scalars, count, kinds);
    return result;
}

int32_t strata_line_break_class(uint32_t scalar) {
    return u_getIntPropertyValue((UChar32)scalar_or_replacement(scalar), UCHAR_LINE_BREAK);
}

void strata_break_versions(char *out, int32_t size) {
    if (out == NULL || size <= 0) return;
    UVersionInfo icu, unicode;
    char icu_text[U_MAX_VERSION_STRING_LENGTH], unicode_text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(icu);
    u_getUnicodeVersion(unicode);
    u_versionToString(icu, icu_text);
    u_versionToString(unicode, unicode_text);
    snprintf(out, (size_t)size, "ICU %s (Unicode %s), libthai dictionary %s", icu_text, unicode_text,
             thai_breaker() != NULL ? "loaded" : "not loaded");
}
