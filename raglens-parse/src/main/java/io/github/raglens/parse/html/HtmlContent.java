package io.github.raglens.parse.html;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/**
 * The main content of a page: its {@code <main>} (or {@code role="main"}, or its one {@code <article>})
 * when it marks one, else its body; without what is not content — scripts, styles, forms, navigation,
 * asides, the page's own header and footer (not those of a main part, article or section), hidden parts, and blocks whose id or
 * class names them navigation, a menu, a sidebar, a banner, cookies or sharing when they hold less than
 * half of the text.
 */
public final class HtmlContent {

    private static final String NEVER_CONTENT = "script, style, noscript, template, nav, aside, form, iframe,"
            + " svg, canvas, button, select, input, textarea, dialog, object, embed, [hidden],"
            + " [aria-hidden=true], [role=navigation], [role=banner], [role=contentinfo], [role=search],"
            + " [role=complementary], [role=dialog]";
    private static final Pattern HIDDEN_STYLE = Pattern.compile("display\\s*:\\s*none|visibility\\s*:\\s*hidden");
    private static final Pattern BOILERPLATE = Pattern.compile(
            "(^|[\\s_-])(nav|navbar|navigation|menu|sidebar|breadcrumbs?|cookie|cookies|banner|share|social"
                    + "|skip-link|toc-sidebar|site-header|site-footer|masthead)([\\s_-]|$)");

    private HtmlContent() {}

    /** The page's title: its {@code <title>}, else its first heading; empty when it has neither. */
    public static Optional<String> title(Document page) {
        String title = page.title().strip();
        if (!title.isEmpty()) {
            return Optional.of(title);
        }
        Element h = page.selectFirst("h1, h2, h3");
        return h == null || h.text().isBlank()
                ? Optional.empty()
                : Optional.of(h.text().strip());
    }

    /** The element holding the page's main content, with what is not content removed from it. */
    public static Element main(Document page) {
        Element body = page.body();
        body.select(NEVER_CONTENT).remove();
        for (Element e : body.select("[style]")) {
            if (HIDDEN_STYLE.matcher(e.attr("style").toLowerCase(Locale.ROOT)).find()) {
                e.remove();
            }
        }
        Element root = body.selectFirst("main, [role=main]");
        if (root == null) {
            Elements articles = body.select("article");
            root = articles.size() == 1 ? articles.first() : body;
        }
        for (Element e : root.select("header, footer")) {
            if (e.closest("article, section, main") == null) {
                e.remove(); // the page's own header or footer, not that of a part of its content
            }
        }
        int total = root.text().length();
        for (Element e : root.select("[id], [class]")) {
            if (e != root
                    && e.parent() != null
                    && BOILERPLATE
                            .matcher((e.id() + " " + e.className()).toLowerCase(Locale.ROOT))
                            .find()
                    && e.text().length() * 2 < total) {
                e.remove();
            }
        }
        return root;
    }
}
