package io.github.raglens.parse;

/**
 * A heading found in the text: its title, declared level and page.
 *
 * @param title heading text as printed
 * @param level declared level (1 = top)
 * @param page 1-based page
 */
record HeadingCandidate(String title, int level, int page) {}
