package io.github.raglens.parse.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.glyphs.WordRows;
import io.github.raglens.parse.tables.TableFinder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ColumnLayoutTest {

    /**
     * The word boxes (left-right in points, row by row) of a real single-column page holding two wide
     * tables and a paragraph: page 9 of "Attention Is All You Need" (arXiv 1706.03762v5). Its table cells
     * leave a gap near the middle only partly crossed, as narrow as a gutter.
     */
    private static final String[] WIDE_TABLES_PAGE = {
        "108-129 132-139 142-182 185-194 197-209 211-260 263-311 314-348 350-375 377-389 392-426 428-436 438-459 461-470 472-484 487-504",
        "108-135 138-151 154-183 185-197 200-210 212-224 227-304 306-348 350-401 404-417 420-476 479-504",
        "108-154 157-169 171-231 234-273 275-283 286-299 301-337 340-379 381-396 398-425 427-440 443-452 454-494 496-504",
        "108-144 147-196",
        "371-389 405-422 436-462 474-503",
        "146-154 167-190 207-217 236-242 258-268 285-295 310-332 346-356 370-390 403-424 439-459 477-499",
        "116-134 148-153 171-186 202-222 237-242 259-269 285-295 315-328 345-357 369-391 405-422 440-458 483-493",
        "237-242 256-271 283-298 405-422 440-458",
        "118-132 237-242 256-271 283-298 405-422 440-458",
        "234-244 259-268 285-295 405-422 440-458",
        "234-244 259-268 285-295 405-422 440-458",
        "119-132 259-268 405-422 440-458 483-493",
        "259-268 405-422 440-458 483-493",
        "148-153 405-422 440-458 483-493",
        "148-153 405-422 440-458 483-493",
        "148-153 405-422 440-458 483-493",
        "119-132 171-186 259-268 285-295 405-422 440-458 483-493",
        "169-189 256-271 283-298 405-422 440-458 481-496",
        "202-222 405-422 440-458 483-493",
        "202-222 405-422 440-458 483-493",
        "315-328 405-422 440-458",
        "118-132 315-328 405-422 440-458",
        "345-357 405-422 440-458",
        "345-357 405-422 440-458",
        "119-132 179-218 220-265 267-295 298-306 309-346 405-422 440-458",
        "119-132 148-153 169-189 202-222 234-244 315-328 369-391 405-422 440-458 481-496",
        "108-129 132-139 142-157 160-208 211-255 257-274 276-284 286-316 319-368 370-399 401-433 436-448 450-460 463-492 494-504",
        "108-116 119-141",
        "207-235 334-371 414-435 437-447 450-461",
        "151-181 184-192 194-220 222-230 232-242 245-272 274-291 303-321 324-343 346-403 429-446",
        "173-198 201-208 211-220 223-250 252-269 303-321 324-343 346-403 429-446",
        "177-194 196-203 206-215 218-245 248-264 303-321 324-343 346-403 429-446",
        "178-198 200-208 210-220 223-249 252-264 303-321 324-343 346-403 429-446",
        "176-225 228-236 239-266 303-321 324-343 346-403 429-446",
        "177-194 196-203 206-215 218-245 248-264 320-385 429-446",
        "163-190 192-200 203-230 233-259 262-278 320-385 429-446",
        "165-206 209-216 218-228 231-258 260-277 320-385 429-446",
        "151-181 184-192 194-220 222-230 232-242 245-272 274-291 320-385 429-446",
        "176-225 228-236 239-266 320-385 429-446",
        "173-199 201-208 211-220 223-250 253-269 332-373 429-446",
        "178-198 200-208 210-220 223-249 252-264 332-373 429-446",
        "108-116 119-142 144-149 152-172 174-191 193-205 208-239 242-257 260-296 298-311 314-349 352-366 369-385 388-397 401-421 424-449 452-482 486-504",
        "108-142 146-161 165-214 218-272 275-282 286-299 302-320 324-339 342-357 361-365 369-390 393-447 450-504",
        "108-141 143-160 162-174 177-207 209-226 228-237 240-280 283-296 298-325 327-357 360-367 370-388 391-404 406-420 422-436 438-455 458-466 468-505",
        "108-133 135-163 165-177 179-203 206-220 222-252 254-261 263-280 282-310 312-319 321-355 357-403 406-414 416-431 433-445 448-459 461-489 491-504",
        "108-148 151-190 193-229 231-249 252-281 283-323 325-373 376-390 392-407 409-440 442-467 470-504",
        "108-134 137-144 147-159 161-179 182-209",
        "108-120 130-163 165-221 223-256",
        "108-118 121-154 156-163 165-177 180-230 233-247 249-291 293-301 304-324 327-347 350-361 364-406 409-458 460-471 473-504",
        "108-158 160-192 195-212 215-231 233-265 268-298 300-345 348-360 362-388 390-397 399-427 430-437 440-464 467-504",
        "304-308",
    };

    private static PageText page(String[] rows) {
        List<List<Word>> out = new ArrayList<>();
        float top = 100;
        for (String row : rows) {
            List<Word> words = new ArrayList<>();
            for (String box : row.split(" ")) {
                String[] x = box.split("-");
                words.add(new Word(
                        "w", Float.parseFloat(x[0]), Float.parseFloat(x[1]), top, top + 9, 10, false, false, false, 0));
            }
            out.add(words);
            top += 12;
        }
        return new PageText(9, 612, 792, out, 0, 0);
    }

    @Test
    void gutter_ofASingleColumnPageWithWideTables_isNone() {
        assertThat(ColumnLayout.gutter(page(WIDE_TABLES_PAGE))).isNull();
    }

    /**
     * A report page holding a long table, a title above it and a line of text below it: the table's widest gap
     * between columns is taken for a gutter. A row of the table is four cells, two on either side of that gap.
     */
    private static List<List<Word>> longTablePage(List<Word> textLine) {
        List<List<Word>> rows = new ArrayList<>();
        rows.add(WordRows.row(10, 3, 80, "Counts by area", 60));
        for (int r = 0; r < 24; r++) {
            rows.add(WordRows.row(
                    10, 3, 100 + 12 * r, "East district " + r, 60, "31917", 160, "42831", 330, "95614", 420));
        }
        rows.add(textLine);
        return rows;
    }

    @Test
    void lineOfTextWithAWordSpaceWhereATablesColumnGapPassesForAGutter_staysOneLine_andTheTableStaysEvidentOnThePage() {
        // the line covers the same stretch of the page whether or not a word space lies in the gutter
        List<Word> probe = List.of(new Word("sentence", 60, 519, 400, 410, 10, false, false, false, 0));
        float[] gutter = ColumnLayout.gutter(new PageText(2, 612, 792, longTablePage(probe), 0, 0));
        assertThat(gutter)
                .as("the gap between the table's columns passes for a gutter")
                .isNotNull();
        float middle = (gutter[0] + gutter[1]) / 2;
        List<Word> text = new ArrayList<>();
        text.add(new Word("sentence", 60, middle - 1.5f, 400, 410, 10, false, false, false, 0));
        for (float x = middle + 1.5f; x < 519; x += 33) {
            text.add(new Word("sentence", x, Math.min(x + 30, 519), 400, 410, 10, false, false, false, 0));
        }
        PageText page = new PageText(2, 612, 792, longTablePage(text), 0, 0);

        assertThat(ColumnLayout.gutter(page)).containsExactly(gutter);
        assertThat(ColumnLayout.lines(page))
                .filteredOn(line -> line.top() == 400)
                .singleElement()
                .satisfies(line -> assertThat(line.words()).hasSameSizeAs(text));
        assertThat(TableFinder.evidence(page, ColumnLayout.lines(page))).isTrue();
    }
    /** A line of text from x0 to x1 at {@code top}: seven words 3 points apart, filling it. */
    private static List<Word> textLine(float top, float x0, float x1) {
        List<Word> out = new ArrayList<>();
        float width = (x1 - x0 - 18) / 7;
        for (int w = 0; w < 7; w++) {
            float x = x0 + w * (width + 3);
            out.add(new Word("measure", x, x + width, top, top + 9, 10, false, false, false, 0));
        }
        return out;
    }

    @Test
    void gutter_underAWideTable_isFound_whenTheLeftColumnRunsOnBelowAShorterRightOne() {
        // the last page of a two-column paper: a table across the width at its top, some of its cells
        // over the gutter, then the left column (references) running on well below the right column's end
        List<List<Word>> rows = new ArrayList<>();
        rows.add(WordRows.row(10, 3, 60, "Table 2: Ablation on the token set.", 230));
        for (int r = 0; r < 6; r++) {
            rows.add(WordRows.row(
                    10,
                    3,
                    80 + 11 * r,
                    "Oracle-" + r,
                    150,
                    "Evaluation",
                    220,
                    "39.4",
                    305,
                    "23.0",
                    380,
                    "Embedding",
                    450));
        }
        for (int k = 0; k < 47; k++) {
            float top = 150 + 12 * k;
            List<Word> row = textLine(top, 57, 302.7f);
            if (k < 22) {
                row.addAll(textLine(top, 310.7f, 555));
            }
            rows.add(row);
        }

        float[] gutter = ColumnLayout.gutter(new PageText(5, 612, 792, rows, 0, 0));

        assertThat(gutter).isNotNull();
        assertThat(gutter[0]).isBetween(299f, 305f);
        assertThat(gutter[1]).isBetween(307f, 313f);
    }

    @Test
    void gutter_underTablesAcrossTheWidthWhoseCellsCoverItUnevenly_isFoundFromTheColumnsBelow() {
        // a page of a two-column paper: two tables across the width, one with a column of figures over
        // the page's middle, one with a column just left of it, each under its caption, cover the gutter
        // unevenly; then the two columns of text, the left one running on below the right one
        List<List<Word>> rows = new ArrayList<>();
        rows.add(WordRows.row(10, 3, 60, "Table 1: Corpus statistics on the ranking set.", 190));
        for (int r = 0; r < 14; r++) {
            rows.add(WordRows.row(10, 3, 76 + 11 * r, "Oracle-" + r, 150, "Index", 230, "210", 297, "Caption", 420));
        }
        rows.add(WordRows.row(10, 3, 248, "Table 2: Main results on the table set.", 210));
        for (int r = 0; r < 7; r++) {
            rows.add(WordRows.row(10, 3, 264 + 11 * r, "Rerank-" + r, 180, "75.6", 283, "773", 340, "Index", 400));
        }
        for (int k = 0; k < 34; k++) {
            float top = 350 + 12 * k;
            List<Word> row = textLine(top, 53.6f, 294);
            if (k < 26) {
                row.addAll(textLine(top, 318, 559.7f));
            }
            rows.add(row);
        }

        float[] gutter = ColumnLayout.gutter(new PageText(4, 612, 792, rows, 0, 0));

        assertThat(gutter).containsExactly(294f, 318f);
    }
}
