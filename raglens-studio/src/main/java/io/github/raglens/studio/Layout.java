package io.github.raglens.studio;

/**
 * The frame every page shares: the head with the studio's stylesheet and scripts (served by the
 * studio itself, nothing from the network), the navigation, and the request secret that a page's
 * script sends back with every change it asks for.
 */
final class Layout {

    private final String secret;

    Layout(String secret) {
        this.secret = secret;
    }

    /**
     * A whole page.
     *
     * @param title the page's title
     * @param active the navigation entry to mark, e.g. {@code runs}
     * @param body the page's body, already escaped
     * @param charts whether the page draws charts (loads Chart.js)
     */
    String page(String title, String active, String body, boolean charts) {
        StringBuilder h = new StringBuilder(body.length() + 2048);
        h.append("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"studio-secret\" content=\"")
                .append(Html.esc(secret))
                .append("\">\n<title>")
                .append(Html.esc(title))
                .append(" · raglens studio</title>\n")
                .append("<link rel=\"stylesheet\" href=\"/assets/studio.css\">\n");
        if (charts) {
            h.append("<script src=\"/assets/chart.umd.js\"></script>\n");
        }
        h.append("<script src=\"/assets/studio.js\" defer></script>\n</head>\n<body>\n<nav>")
                .append("<span class=\"brand\">raglens studio</span>");
        for (String[] item : new String[][] {
            {"runs", "/", "Runs"},
            {"trends", "/trends", "Trends"},
            {"compare", "/compare", "Compare"},
            {"question", "/question", "Question"},
            {"label", "/label", "Label"}
        }) {
            h.append("<a href=\"")
                    .append(item[1])
                    .append('"')
                    .append(item[0].equals(active) ? " class=\"active\"" : "")
                    .append('>')
                    .append(item[2])
                    .append("</a>");
        }
        h.append("</nav>\n<main>\n<h1>")
                .append(Html.esc(title))
                .append("</h1>\n")
                .append(body)
                .append("</main>\n</body>\n</html>\n");
        return h.toString();
    }
}
