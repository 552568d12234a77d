package io.github.raglens.parse.headings;

/**
 * A heading found in the text: its title, declared level and page.
 *
 * @param title heading text as printed
 * @param level declared level (1 = top)
 * @param page 1-based page
 */
public record HeadingCandidate(String title, int level, int page) {}
