package io.github.raglens.eval.judge;

/**
 * One binary verdict of the judge with its reason.
 *
 * @param verdict 1 (supported, useful) or 0
 * @param reason the judge's one-sentence reason
 */
record Verdict(int verdict, String reason) {

    boolean yes() {
        return verdict == 1;
    }
}
