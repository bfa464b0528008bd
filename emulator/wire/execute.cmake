# Sources of Execute(operation, json) (owned by the JSON API work), relative to emulator/.
set(EDDY_EXECUTE_SOURCES)
