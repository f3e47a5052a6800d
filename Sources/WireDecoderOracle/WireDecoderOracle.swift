// WireDecoderOracle (internal, command-line side): the decoder oracle that proves WireJSONDecoder
// decodes what JSONDecoder decodes — pairs, templates, dictionary reductions, the report. Run by
// `wirelock oracle decoder` and the model runner's `oracle-decoder`; kept out of WireOracle so the
// WireOracleTesting product compiles neither WireDecoder nor WireJSON.
