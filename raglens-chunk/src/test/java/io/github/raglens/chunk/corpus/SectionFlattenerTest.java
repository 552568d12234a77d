package io.github.raglens.chunk.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.chunk.TestDocuments;
import io.github.raglens.model.Document;
import io.github.raglens.model.FlattenedSection;
import io.github.raglens.model.Section;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SectionFlattenerTest {

    @Test
    void flatten_nestedTree_givesPreorderWithBreadcrumbsAndParents() {
        List<FlattenedSection> flat = SectionFlattener.flatten(TestDocuments.paper());

        assertThat(flat).extracting(FlattenedSection::sectionId).containsExactly("root", "s1", "s3", "s3.1", "s3.2");
        assertThat(flat)
                .extracting(FlattenedSection::path)
                .containsExactly(
                        "paper",
                        "paper > 1 Introduction",
                        "paper > 3 Method",
                        "paper > 3 Method > 3.1 Data",
                        "paper > 3 Method > 3.2 Training");
        assertThat(flat)
                .extracting(FlattenedSection::parentSectionId)
                .containsExactly(null, "root", "root", "s3", "s3");
        FlattenedSection training = flat.get(4);
        assertThat(training.documentId()).isEqualTo("doc1");
        assertThat(training.level()).isEqualTo(2);
        assertThat(training.text()).isEqualTo("We train.");
        assertThat(training.pageStart()).isEqualTo(4);
        assertThat(training.pageEnd()).isEqualTo(5);
    }

    @Test
    void flatten_rootWithBlankTitle_usesTheDocumentTitle() {
        Section root = new Section("r", " ", 0, "", 0, 0, List.of(), List.of(Section.of("a", "Intro", 1, "x")));
        Document d = new Document("d", "My Title", "d.md", 0, Map.of(), root);

        assertThat(SectionFlattener.flatten(d))
                .extracting(FlattenedSection::path)
                .containsExactly("My Title", "My Title > Intro");
    }

    @Test
    void flatten_twoSectionsWithOneId_throwsNamingDocumentAndId() {
        Section root = new Section(
                "r", "t", 0, "", 0, 0, List.of(), List.of(Section.of("a", "A", 1, "x"), Section.of("a", "B", 1, "y")));
        Document d = new Document("d7", "t", "d.md", 0, Map.of(), root);

        assertThatThrownBy(() -> SectionFlattener.flatten(d))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("document 'd7' has two sections with id 'a'; section ids must be unique within a document");
    }
}
