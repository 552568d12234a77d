package io.github.raglens.parse.glyphs;

import java.util.Locale;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDFontDescriptor;

/**
 * The style a font sets its glyphs in, from its name (subset prefix aside) and its descriptor: bold,
 * a math font, italic or oblique, small capitals.
 *
 * @param bold whether its weight is bold (semibold and heavier)
 * @param math whether it is a math font (Computer Modern's and the AMS symbol fonts, STIX, Symbol)
 * @param italic whether it slants (a math font's letters are italic too, but not counted here)
 * @param smallCaps whether its lower-case letters are drawn as small capitals
 */
record FontStyle(boolean bold, boolean math, boolean italic, boolean smallCaps) {

    /** The style of glyphs without a font. */
    static final FontStyle PLAIN = new FontStyle(false, false, false, false);

    /** The style of a font. */
    static FontStyle of(PDFont f) {
        String name = f.getName() == null ? "" : f.getName().toLowerCase(Locale.ROOT);
        int plus = name.indexOf('+');
        if (plus >= 0) {
            name = name.substring(plus + 1);
        }
        boolean bold = name.contains("bold")
                || name.contains("black")
                || name.contains("heavy")
                || name.contains("semibold")
                || name.contains("demi")
                || name.contains("medi")
                || name.endsWith(",b")
                || name.matches("(cm|sf|ec|lm|t1)bx.*|.*(tb|-b|-bd|\\.b)$|.*bx\\d+$");
        PDFontDescriptor d = f.getFontDescriptor();
        if (!bold && d != null) {
            bold = d.isForceBold() || d.getFontWeight() >= 600;
        }
        boolean math = name.startsWith("cmmi")
                || name.startsWith("cmsy")
                || name.startsWith("cmex")
                || name.startsWith("msam")
                || name.startsWith("msbm")
                || name.contains("math")
                || name.startsWith("symbol")
                || name.startsWith("stix")
                || name.startsWith("rsfs");
        // a math font's letters are italic too, but they are formulas, not a heading's style
        boolean italic = !math
                && (name.contains("ital")
                        || name.contains("oblique")
                        || name.matches(".*-(it|bi|boldit)$|(cm|ec|lm|t1)(ti|bxti|sl)\\d*.*")
                        || d != null && (d.isItalic() || d.getItalicAngle() != 0));
        // Computer Modern's cmcsc, Latin Modern's "Caps" faces, OpenType-named "SmallCaps"/"SC" faces
        boolean smallCaps = name.matches("(cm|ec|lm|t1)csc.*|.*(caps|smcp).*|.*[-_]sc(\\d.*)?$");
        return new FontStyle(bold, math, italic, smallCaps);
    }

    /** Whether a character is a math symbol wherever it is set: Greek, operators, arrows, math letters. */
    static boolean mathSymbol(int cp) {
        if (cp >= 0x391 && cp <= 0x3C9) {
            return true; // Greek letters
        }
        if (cp >= 0x2190 && cp <= 0x22FF) {
            return true; // arrows and mathematical operators
        }
        if (cp >= 0x27C0 && cp <= 0x2AFF) {
            return true;
        }
        if (cp >= 0x1D400 && cp <= 0x1D7FF) {
            return true; // mathematical alphanumerics
        }
        return cp == '=' || cp == '+' || cp == '<' || cp == '>' || cp == '^' || cp == '|' || cp == '∑' || cp == '√';
    }
}
