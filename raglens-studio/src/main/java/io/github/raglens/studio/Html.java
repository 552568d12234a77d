package io.github.raglens.studio;

import java.util.Locale;

/** HTML escaping and number formatting for the pages; every text from a workspace goes through {@link #esc}. */
final class Html {

    private Html() {}

    /** The text escaped for an element's content or a quoted attribute. */
    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    /** A value with three decimals, as the report shows them. */
    static String num(double v) {
        return Double.isNaN(v) ? "–" : String.format(Locale.ROOT, "%.3f", v);
    }

    /** A p-value with four decimals. */
    static String p(double v) {
        return String.format(Locale.ROOT, "%.4f", v);
    }

    /** A URL query parameter's value, percent-encoded. */
    static String query(String s) {
        return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
    }
}
