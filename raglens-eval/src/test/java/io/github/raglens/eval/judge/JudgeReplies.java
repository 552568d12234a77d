package io.github.raglens.eval.judge;

/** The JSON replies of the judge's prompts, for scripting a {@code ScriptedLlm}. */
final class JudgeReplies {

    private JudgeReplies() {}

    static String statements(String... s) {
        StringBuilder sb = new StringBuilder("{\"statements\":[");
        for (int i = 0; i < s.length; i++) {
            sb.append(i == 0 ? "" : ",").append('"').append(s[i]).append('"');
        }
        return sb.append("]}").toString();
    }

    static String verdicts(int... v) {
        StringBuilder sb = new StringBuilder("{\"verdicts\":[");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ",")
                    .append("{\"index\":")
                    .append(i + 1)
                    .append(",\"reason\":\"r")
                    .append(i + 1)
                    .append("\",\"verdict\":")
                    .append(v[i])
                    .append('}');
        }
        return sb.append("]}").toString();
    }

    static String verdict(int v) {
        return "{\"reason\":\"because\",\"verdict\":" + v + "}";
    }
}
