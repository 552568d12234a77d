/**
 * Evidence quotes: the one normalisation under which a quote is looked for in a text, where a
 * quote occurs in a corpus, and the rule for when it identifies its passage. Question generation,
 * question import, the benchmark's selection and relevance all go through here.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.eval.evidence;
