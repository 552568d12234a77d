package io.github.raglens.chunk.corpus;

import io.github.raglens.model.Document;
import io.github.raglens.model.FlattenedSection;
import io.github.raglens.model.Section;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Turns a document's section tree into a flat list in reading order, each section carrying its
 * breadcrumb path and its parent's id.
 *
 * <p>The root section comes first; its path is the document title (the root's title, or the
 * document's title when the root's is blank). A child's path is its parent's path, {@code " > "} and
 * the child's title, e.g. {@code "paper > 3 Method > 3.2 Training"}. Sections with empty text are
 * kept, so the list mirrors the tree; chunkers skip them. Stateless and thread-safe.
 */
public final class SectionFlattener {

    /** The separator between titles in a breadcrumb path. */
    public static final String PATH_SEPARATOR = " > ";

    private SectionFlattener() {}

    /**
     * Flattens a document's sections in document order (pre-order: a section before its children).
     *
     * @param document the document to flatten
     * @return one entry per section, the root first; never empty
     * @throws IllegalArgumentException when two sections of the document share an id, which would make
     *     chunk ids and parent links ambiguous
     */
    public static List<FlattenedSection> flatten(Document document) {
        Objects.requireNonNull(document, "document");
        List<FlattenedSection> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        // An explicit stack instead of recursion: a badly parsed document can nest very deeply.
        Deque<Frame> stack = new ArrayDeque<>();
        Section root = document.root();
        String rootPath =
                root.title().isBlank() ? document.title() : root.title().strip();
        stack.push(new Frame(root, null, rootPath));
        while (!stack.isEmpty()) {
            Frame f = stack.pop();
            Section s = f.section();
            if (!seen.add(s.id())) {
                throw new IllegalArgumentException("document '" + document.id() + "' has two sections with id '"
                        + s.id() + "'; section ids must be unique within a document");
            }
            out.add(new FlattenedSection(
                    document.id(),
                    s.id(),
                    f.parentId(),
                    s.title(),
                    s.level(),
                    f.path(),
                    s.text(),
                    s.pageStart(),
                    s.pageEnd()));
            List<Section> children = s.children();
            for (int i = children.size() - 1; i >= 0; i--) {
                Section c = children.get(i);
                String title = c.title().strip();
                String path = title.isEmpty() ? f.path() : f.path() + PATH_SEPARATOR + title;
                stack.push(new Frame(c, s.id(), path));
            }
        }
        return List.copyOf(out);
    }

    private record Frame(Section section, String parentId, String path) {}
}
